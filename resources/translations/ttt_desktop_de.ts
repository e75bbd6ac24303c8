<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de" sourcelanguage="en">
<context>
    <name>About</name>
    <message>
        <source>Tic-Tac-Toe for the desktop: play a friend on one screen, or take on computer players from a random clicker to an unbeatable solver.</source>
        <translation>Tic-Tac-Toe für den Desktop: Spielen Sie gegen einen Freund am selben Bildschirm oder gegen Computergegner – vom Zufallsklicker bis zum unschlagbaren Löser.</translation>
    </message>
    <message>
        <source>TTT Desktop is free software under the MIT licence.</source>
        <translation>TTT Desktop ist freie Software unter der MIT-Lizenz.</translation>
    </message>
    <message>
        <source>Its sounds are its own, synthesized from plain tones by tools/make_sounds.py, and free under the same MIT licence.</source>
        <translation>Seine Töne sind eigene, mit tools/make_sounds.py aus einfachen Sinustönen erzeugt, und frei unter derselben MIT-Lizenz.</translation>
    </message>
    <message>
        <source>It uses Qt {qt} through PySide6 {pyside} (Qt for Python), both used under the GNU Lesser General Public License version 3 (LGPLv3). You may replace the Qt and PySide6 libraries with your own builds; their sources are at {qt_link} and {pyside_link}.</source>
        <translation>Es verwendet Qt {qt} über PySide6 {pyside} (Qt for Python), beide unter der GNU Lesser General Public License Version 3 (LGPLv3). Sie dürfen die Qt- und PySide6-Bibliotheken durch eigene Builds ersetzen; die Quelltexte finden Sie bei {qt_link} und {pyside_link}.</translation>
    </message>
    <message>
        <source>Its random playouts (Monty&apos;s) run compiled, from its own C source; renju and caro in pure Python.</source>
        <translation>Seine Zufallspartien (Montys) laufen kompiliert, aus eigenem C-Quelltext; Renju und Caro in reinem Python.</translation>
    </message>
    <message>
        <source>Its random playouts run in pure Python: the compiled ones were not built here (no C compiler when it was installed).</source>
        <translation>Seine Zufallspartien laufen in reinem Python: die kompilierten wurden hier nicht gebaut (kein C-Compiler bei der Installation).</translation>
    </message>
    <message>
        <source>Its search (the Searcher&apos;s and Strongest&apos;s tree) runs compiled, from its own C source, for free-style and exactly k; renju and caro in pure Python.</source>
        <translation>Seine Suche (der Baum von Searcher und Strongest) läuft kompiliert, aus eigenem C-Quelltext, für freien Stil und genau k; Renju und Caro in reinem Python.</translation>
    </message>
    <message>
        <source>Its search runs in pure Python: the compiled one was not built here (no C compiler when it was installed).</source>
        <translation>Seine Suche läuft in reinem Python: die kompilierte wurde hier nicht gebaut (kein C-Compiler bei der Installation).</translation>
    </message>
    <message>
        <source>About TTT Desktop</source>
        <translation>Über TTT Desktop</translation>
    </message>
</context>
<context>
    <name>AddEngineDialog</name>
    <message>
        <source>Add an engine</source>
        <translation>Spielprogramm hinzufügen</translation>
    </message>
    <message>
        <source>e.g. /opt/brains/pbrain-rapfi</source>
        <translation>z. B. /opt/brains/pbrain-rapfi</translation>
    </message>
    <message>
        <source>Command</source>
        <translation>Befehl</translation>
    </message>
    <message>
        <source>The program and its arguments, split as a shell would (quotes for spaces), never run by one</source>
        <translation>Das Programm und seine Argumente, getrennt wie in einer Shell (Anführungszeichen für Leerzeichen), aber nie von einer ausgeführt</translation>
    </message>
    <message>
        <source>&amp;Browse...</source>
        <translation>&amp;Durchsuchen …</translation>
    </message>
    <message>
        <source>Working folder</source>
        <translation>Arbeitsordner</translation>
    </message>
    <message>
        <source>B&amp;rowse...</source>
        <translation>Du&amp;rchsuchen …</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>the name the brain gives (its ABOUT answer)</source>
        <translation>der Name, den das Brain nennt (seine Antwort auf ABOUT)</translation>
    </message>
    <message>
        <source>&amp;Command:</source>
        <translation>&amp;Befehl:</translation>
    </message>
    <message>
        <source>&amp;Working folder:</source>
        <translation>&amp;Arbeitsordner:</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>&amp;Name:</translation>
    </message>
    <message>
        <source>The brain is started and asked its name and the board sizes it plays before it joins the list.</source>
        <translation>Das Brain wird gestartet und nach seinem Namen und den Brettgrößen gefragt, die es spielt, bevor es in die Liste kommt.</translation>
    </message>
    <message>
        <source>&amp;Add</source>
        <translation>&amp;Hinzufügen</translation>
    </message>
    <message>
        <source>Choose the brain&apos;s program</source>
        <translation>Programm des Brains wählen</translation>
    </message>
    <message>
        <source>Choose the brain&apos;s working folder</source>
        <translation>Arbeitsordner des Brains wählen</translation>
    </message>
    <message>
        <source>{folder} (the program&apos;s folder)</source>
        <translation>{folder} (der Ordner des Programms)</translation>
    </message>
    <message>
        <source>the program&apos;s folder</source>
        <translation>der Ordner des Programms</translation>
    </message>
    <message>
        <source>Choose the brain&apos;s program, or type the command that runs it.</source>
        <translation>Wählen Sie das Programm des Brains oder geben Sie den Befehl ein, der es startet.</translation>
    </message>
    <message>
        <source>The command can&apos;t be read: a quotation mark is not closed.</source>
        <translation>Der Befehl lässt sich nicht lesen: Ein Anführungszeichen wird nicht geschlossen.</translation>
    </message>
    <message>
        <source>The command can&apos;t be read: it ends with a lone backslash.</source>
        <translation>Der Befehl lässt sich nicht lesen: Er endet mit einem einzelnen Backslash.</translation>
    </message>
    <message>
        <source>There is no program {program} on the PATH.</source>
        <translation>Im PATH gibt es kein Programm {program}.</translation>
    </message>
    <message>
        <source>There is no program at {path}.</source>
        <translation>Unter {path} gibt es kein Programm.</translation>
    </message>
    <message>
        <source>{path} can&apos;t be run: it is not marked executable.</source>
        <translation>{path} lässt sich nicht starten: die Datei ist nicht ausführbar.</translation>
    </message>
    <message>
        <source>{folder} is not a folder.</source>
        <translation>{folder} ist kein Ordner.</translation>
    </message>
    <message>
        <source>There is already an engine called {name}.</source>
        <translation>Es gibt schon ein Spielprogramm namens {name}.</translation>
    </message>
</context>
<context>
    <name>AppSettings</name>
    <message>
        <source>Player 1</source>
        <translation>Spieler 1</translation>
    </message>
    <message>
        <source>Player 2</source>
        <translation>Spieler 2</translation>
    </message>
</context>
<context>
    <name>BoardOverlay</name>
    <message>
        <source>{percent} % of the search</source>
        <translation>{percent} % der Suche</translation>
    </message>
    <message>
        <source>marked</source>
        <translation>markiert</translation>
    </message>
    <message>
        <source>move {number} of the line shown: {mark}</source>
        <translation>Zug {number} der gezeigten Zugfolge: {mark}</translation>
    </message>
</context>
<context>
    <name>BoardWidget</name>
    <message>
        <source>Board</source>
        <translation>Spielfeld</translation>
    </message>
    <message>
        <source>empty</source>
        <translation>leer</translation>
    </message>
    <message>
        <source>row {row}, column {column}: {content}</source>
        <translation>Zeile {row}, Spalte {column}: {content}</translation>
    </message>
    <message>
        <source>keypad {digit}</source>
        <translation>Ziffernblock {digit}</translation>
    </message>
    <message>
        <source>{cell}: {content}</source>
        <translation>{cell}: {content}</translation>
    </message>
    <message>
        <source>last move</source>
        <translation>letzter Zug</translation>
    </message>
    <message>
        <source>move {number}</source>
        <translation>Zug {number}</translation>
    </message>
    <message>
        <source>part of the winning line</source>
        <translation>Teil der Gewinnreihe</translation>
    </message>
    <message>
        <source>press to play here</source>
        <translation>drücken, um hier zu setzen</translation>
    </message>
    <message>
        <source>Board {title}, {cell}</source>
        <translation>Spielfeld {title}, {cell}</translation>
    </message>
    <message>
        <source>Cell {name}</source>
        <translation>Feld {name}</translation>
    </message>
</context>
<context>
    <name>Charts</name>
    <message>
        <source>Chart</source>
        <translation>Diagramm</translation>
    </message>
    <message>
        <source>{name}: {count} points, last {y} at {x}</source>
        <translation>{name}: {count} Punkte, zuletzt {y} bei {x}</translation>
    </message>
    <message>
        <source>{name}: no points yet</source>
        <translation>{name}: noch keine Punkte</translation>
    </message>
    <message>
        <source>No data yet</source>
        <translation>Noch keine Daten</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Wert</translation>
    </message>
    <message>
        <source>{label}: {value} (from {low} to {high})</source>
        <translation>{label}: {value} (von {low} bis {high})</translation>
    </message>
</context>
<context>
    <name>Coach</name>
    <message>
        <source>{first} or {last}</source>
        <translation>{first} oder {last}</translation>
    </message>
    <message numerus="yes">
        <source>wins in %n</source>
        <translation>
            <numerusform>gewinnt in %n</numerusform>
            <numerusform>gewinnt in %n</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>loses in %n</source>
        <translation>
            <numerusform>verliert in %n</numerusform>
            <numerusform>verliert in %n</numerusform>
        </translation>
    </message>
    <message>
        <source>draw</source>
        <translation>remis</translation>
    </message>
    <message numerus="yes">
        <source>playing here wins in %n move(s) with best play</source>
        <translation>
            <numerusform>ein Zug hierher gewinnt bei bestem Spiel in %n Zug</numerusform>
            <numerusform>ein Zug hierher gewinnt bei bestem Spiel in %n Zügen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>playing here loses in %n move(s) against best play</source>
        <translation>
            <numerusform>ein Zug hierher verliert gegen bestes Spiel in %n Zug</numerusform>
            <numerusform>ein Zug hierher verliert gegen bestes Spiel in %n Zügen</numerusform>
        </translation>
    </message>
    <message>
        <source>playing here leads to a draw with best play</source>
        <translation>ein Zug hierher führt bei bestem Spiel zu einem Unentschieden</translation>
    </message>
    <message>
        <source>Take {cell}: it wins at once</source>
        <translation>Setzen Sie auf Feld {cell}: Das gewinnt sofort</translation>
    </message>
    <message>
        <source>Take {cell}: each wins at once</source>
        <translation>Setzen Sie auf Feld {cell}: Jedes davon gewinnt sofort</translation>
    </message>
    <message>
        <source>Block {cell}: it also makes two threats</source>
        <translation>Blockieren Sie Feld {cell}: Das schafft zugleich zwei Drohungen</translation>
    </message>
    <message>
        <source>Block {cell}, though {opponent} still wins with best play</source>
        <translation>Blockieren Sie Feld {cell}, auch wenn {opponent} bei bestem Spiel trotzdem gewinnt</translation>
    </message>
    <message>
        <source>Block {cell}</source>
        <translation>Blockieren Sie Feld {cell}</translation>
    </message>
    <message>
        <source>{opponent} threatens both {first} and {second}: block at {cells}, but the game is lost</source>
        <translation>{opponent} droht mit den Reihen {first} und {second}: Blockieren Sie Feld {cells}, aber die Partie ist verloren</translation>
    </message>
    <message>
        <source>Take {cell}: it makes two threats</source>
        <translation>Setzen Sie auf Feld {cell}: Das schafft zwei Drohungen</translation>
    </message>
    <message>
        <source>Take {cell}: each makes two threats</source>
        <translation>Setzen Sie auf Feld {cell}: Jedes davon schafft zwei Drohungen</translation>
    </message>
    <message numerus="yes">
        <source>Take {cell}: it wins in %n move(s) with best play</source>
        <translation>
            <numerusform>Setzen Sie auf Feld {cell}: Das gewinnt bei bestem Spiel in %n Zug</numerusform>
            <numerusform>Setzen Sie auf Feld {cell}: Das gewinnt bei bestem Spiel in %n Zügen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Take {cell}: each wins in %n move(s) with best play</source>
        <translation>
            <numerusform>Setzen Sie auf Feld {cell}: Jedes davon gewinnt bei bestem Spiel in %n Zug</numerusform>
            <numerusform>Setzen Sie auf Feld {cell}: Jedes davon gewinnt bei bestem Spiel in %n Zügen</numerusform>
        </translation>
    </message>
    <message>
        <source>Take {cell}: it is the only move that keeps the draw</source>
        <translation>Setzen Sie auf Feld {cell}: Nur dieser Zug hält das Unentschieden</translation>
    </message>
    <message>
        <source>Any of {cells} keeps the draw</source>
        <translation>Jedes der Felder {cells} hält das Unentschieden</translation>
    </message>
    <message numerus="yes">
        <source>Whatever you play, {opponent} wins in %n move(s) with best play</source>
        <translation>
            <numerusform>Was Sie auch spielen, {opponent} gewinnt bei bestem Spiel in %n Zug</numerusform>
            <numerusform>Was Sie auch spielen, {opponent} gewinnt bei bestem Spiel in %n Zügen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Take {cell}: it holds out longest, but {opponent} wins in %n move(s) with best play</source>
        <translation>
            <numerusform>Setzen Sie auf Feld {cell}: Damit halten Sie am längsten durch, aber {opponent} gewinnt bei bestem Spiel in %n Zug</numerusform>
            <numerusform>Setzen Sie auf Feld {cell}: Damit halten Sie am längsten durch, aber {opponent} gewinnt bei bestem Spiel in %n Zügen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Any of {cells} holds out longest, but {opponent} wins in %n move(s) with best play</source>
        <translation>
            <numerusform>Mit jedem der Felder {cells} halten Sie am längsten durch, aber {opponent} gewinnt bei bestem Spiel in %n Zug</numerusform>
            <numerusform>Mit jedem der Felder {cells} halten Sie am längsten durch, aber {opponent} gewinnt bei bestem Spiel in %n Zügen</numerusform>
        </translation>
    </message>
    <message>
        <source>Best</source>
        <translation>Bester Zug</translation>
    </message>
    <message>
        <source>Kept the result</source>
        <translation>Ergebnis gehalten</translation>
    </message>
    <message>
        <source>Missed a win</source>
        <translation>Gewinn verpasst</translation>
    </message>
    <message>
        <source>Mistake</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>Blunder</source>
        <translation>Patzer</translation>
    </message>
    <message>
        <source>{mark} plays {cell} and completes {line}</source>
        <translation>{mark} setzt auf Feld {cell} und vollendet die Reihe {line}</translation>
    </message>
    <message>
        <source>{mark} blocks at {cell} and threatens both {first} and {second}</source>
        <translation>{mark} blockiert auf Feld {cell} und droht mit den Reihen {first} und {second}</translation>
    </message>
    <message>
        <source>{mark} plays {cell} and threatens both {first} and {second}</source>
        <translation>{mark} setzt auf Feld {cell} und droht mit den Reihen {first} und {second}</translation>
    </message>
    <message>
        <source>{mark} blocks at {cell} and threatens {line}</source>
        <translation>{mark} blockiert auf Feld {cell} und droht mit der Reihe {line}</translation>
    </message>
    <message>
        <source>{mark} plays {cell} and threatens {line}</source>
        <translation>{mark} setzt auf Feld {cell} und droht mit der Reihe {line}</translation>
    </message>
    <message>
        <source>{mark} blocks at {cell}</source>
        <translation>{mark} blockiert auf Feld {cell}</translation>
    </message>
    <message>
        <source>{mark} plays {cell}</source>
        <translation>{mark} setzt auf Feld {cell}</translation>
    </message>
    <message>
        <source>{cells} would have won at once</source>
        <translation>Feld {cells} hätte sofort gewonnen</translation>
    </message>
    <message numerus="yes">
        <source>{cells} would have won in %n move(s)</source>
        <translation>
            <numerusform>Feld {cells} hätte in %n Zug gewonnen</numerusform>
            <numerusform>Feld {cells} hätte in %n Zügen gewonnen</numerusform>
        </translation>
    </message>
    <message>
        <source>blocking at {cells} would have kept the draw</source>
        <translation>Blockieren auf Feld {cells} hätte das Unentschieden gehalten</translation>
    </message>
    <message>
        <source>{cells} would have kept the draw</source>
        <translation>Feld {cells} hätte das Unentschieden gehalten</translation>
    </message>
    <message>
        <source>blocking at {cells} would have held out longer</source>
        <translation>Blockieren auf Feld {cells} hätte länger durchgehalten</translation>
    </message>
    <message>
        <source>{cells} would have held out longer</source>
        <translation>Feld {cells} hätte länger durchgehalten</translation>
    </message>
    <message numerus="yes">
        <source>{move} still wins, in %n move(s); {better}.</source>
        <translation>
            <numerusform>{move} gewinnt noch, in %n Zug; {better}.</numerusform>
            <numerusform>{move} gewinnt noch, in %n Zügen; {better}.</numerusform>
        </translation>
    </message>
    <message>
        <source>After {move}, {steps}, and best play draws from there; {better}.</source>
        <translation>Nach {move}: {steps}, und von dort endet bestes Spiel unentschieden; {better}.</translation>
    </message>
    <message>
        <source>After {move}, {steps}; {better}.</source>
        <translation>Nach {move}: {steps}; {better}.</translation>
    </message>
    <message>
        <source>Take {cell}: it wins with best play (proved)</source>
        <translation>Setzen Sie auf Feld {cell}: Das gewinnt bei bestem Spiel (bewiesen)</translation>
    </message>
    <message>
        <source>Any of {cell} wins with best play (proved)</source>
        <translation>Jedes der Felder {cell} gewinnt bei bestem Spiel (bewiesen)</translation>
    </message>
    <message>
        <source>Whatever you play, {opponent} wins with best play (proved)</source>
        <translation>Was Sie auch spielen, {opponent} gewinnt bei bestem Spiel (bewiesen)</translation>
    </message>
    <message>
        <source>{mark} has a forced win in {plies}: {moves}</source>
        <translation>{mark} hat einen erzwungenen Gewinn in {plies}: {moves}</translation>
    </message>
    <message>
        <source>{opponent} has a forced win whatever you play; {cell} holds out longest (found in {seconds} s)</source>
        <translation>{opponent} gewinnt erzwungen, was Sie auch spielen; Feld {cell} hält am längsten stand (gefunden in {seconds} s)</translation>
    </message>
    <message>
        <source>Block {cell} (best found in {seconds} s)</source>
        <translation>Blockieren Sie Feld {cell} (das Beste, gefunden in {seconds} s)</translation>
    </message>
    <message>
        <source>Best found in {seconds} s: {cell}; the search expects {line}</source>
        <translation>Das Beste, gefunden in {seconds} s: Feld {cell}; die Suche erwartet {line}</translation>
    </message>
    <message>
        <source>win</source>
        <translation>Gewinn</translation>
    </message>
    <message>
        <source>loss</source>
        <translation>Verlust</translation>
    </message>
    <message>
        <source>best found</source>
        <translation>beste Wahl</translation>
    </message>
    <message>
        <source>playing here wins with best play</source>
        <translation>ein Zug hier gewinnt bei bestem Spiel</translation>
    </message>
    <message>
        <source>playing here loses against best play</source>
        <translation>ein Zug hier verliert gegen bestes Spiel</translation>
    </message>
    <message>
        <source>the best move a search of {seconds} s found</source>
        <translation>der beste Zug, den eine Suche von {seconds} s gefunden hat</translation>
    </message>
    <message>
        <source>{verdict} (proven)</source>
        <translation>{verdict} (bewiesen)</translation>
    </message>
    <message>
        <source>{verdict} (by a {seconds} s search)</source>
        <translation>{verdict} (nach einer Suche von {seconds} s)</translation>
    </message>
    <message>
        <source>{move} missed a forced win in {plies}: {line}.</source>
        <translation>{move} hat einen erzwungenen Gewinn in {plies} verpasst: {line}.</translation>
    </message>
    <message>
        <source>{move} let a won game go; {better} won ({line}).</source>
        <translation>{move} hat eine gewonnene Partie verschenkt; {better} gewann ({line}).</translation>
    </message>
    <message>
        <source>After {move}, {opponent} wins: {refutation}; {better} was better ({line}).</source>
        <translation>Nach {move} gewinnt {opponent}: {refutation}; {better} war besser ({line}).</translation>
    </message>
    <message>
        <source>After {move}, {opponent} has a forced win: {refutation}; {better} was a forced win ({line}).</source>
        <translation>Nach {move} hat {opponent} einen erzwungenen Gewinn: {refutation}; {better} war ein erzwungener Gewinn ({line}).</translation>
    </message>
    <message>
        <source>After {move}, {opponent} has a forced win: {refutation}; the search preferred {better} ({line}).</source>
        <translation>Nach {move} hat {opponent} einen erzwungenen Gewinn: {refutation}; die Suche zog {better} vor ({line}).</translation>
    </message>
    <message>
        <source>{move} turned a drawn game into a loss; {better} held ({line}).</source>
        <translation>{move} hat eine remise Partie verloren gegeben; {better} hielt sie ({line}).</translation>
    </message>
    <message>
        <source>{move} lost ground by the search&apos;s evaluation; it preferred {line}.</source>
        <translation>{move} hat nach der Bewertung der Suche an Boden verloren; sie zog {line} vor.</translation>
    </message>
    <message>
        <source>Judged by the exact solver.</source>
        <translation>Beurteilt vom exakten Löser.</translation>
    </message>
    <message>
        <source>Judged by a search of {budget} s per move ({seconds} s in all).</source>
        <translation>Beurteilt von einer Suche von {budget} s je Zug ({seconds} s insgesamt).</translation>
    </message>
</context>
<context>
    <name>CoachFeatures</name>
    <message>
        <source>&amp;Undo move</source>
        <translation>Zug &amp;zurücknehmen</translation>
    </message>
    <message>
        <source>&amp;Redo move</source>
        <translation>Zug &amp;wiederherstellen</translation>
    </message>
    <message>
        <source>&amp;Hint</source>
        <translation>&amp;Tipp</translation>
    </message>
    <message>
        <source>Mark the best move and say why (Ctrl+H)</source>
        <translation>Den besten Zug markieren und begründen (Strg+H)</translation>
    </message>
    <message>
        <source>Show move &amp;values</source>
        <translation>Zug&amp;bewertungen anzeigen</translation>
    </message>
    <message>
        <source>Every empty cell says what playing there leads to with best play</source>
        <translation>Jedes freie Feld zeigt, wohin ein Zug dorthin bei bestem Spiel führt</translation>
    </message>
    <message>
        <source>Coach&apos;s search &amp;time</source>
        <translation>Such&amp;dauer des Trainers</translation>
    </message>
    <message>
        <source>How long the coach searches for a hint or the move values on boards that are not solved</source>
        <translation>Wie lange der Trainer auf nicht gelösten Brettern nach einem Tipp oder den Zugwerten sucht</translation>
    </message>
    <message>
        <source>{seconds} s</source>
        <translation>{seconds} Sek.</translation>
    </message>
    <message>
        <source>Review</source>
        <translation>Analyse</translation>
    </message>
    <message>
        <source>&amp;Review</source>
        <translation>&amp;Analyse</translation>
    </message>
    <message>
        <source>Coach</source>
        <translation>Trainer</translation>
    </message>
    <message>
        <source>Take back your last move ({key})</source>
        <translation>Ihren letzten Zug zurücknehmen ({key})</translation>
    </message>
    <message>
        <source>Undo is for games with a person in them: browse the moves instead</source>
        <translation>Zurücknehmen gibt es nur in Partien mit einem Menschen: Blättern Sie stattdessen durch die Züge</translation>
    </message>
    <message>
        <source>No hints for the opening&apos;s stones and choices: hints come after it</source>
        <translation>Keine Tipps für die Steine und die Wahl der Eröffnung: Tipps gibt es danach</translation>
    </message>
    <message>
        <source>Hint for {mark}: {sentence}</source>
        <translation>Tipp für {mark}: {sentence}</translation>
    </message>
    <message>
        <source> (the solver is still proving this position)</source>
        <translation> (der Löser beweist diese Stellung noch)</translation>
    </message>
    <message>
        <source>The coach is working out the best move...</source>
        <translation>Der Trainer ermittelt den besten Zug...</translation>
    </message>
    <message>
        <source>The coach is working out the value of every move...</source>
        <translation>Der Trainer ermittelt den Wert jedes Zuges...</translation>
    </message>
    <message>
        <source>The coach is looking for the best move ({seconds} s)...</source>
        <translation>Der Trainer sucht den besten Zug ({seconds} s)...</translation>
    </message>
    <message>
        <source>The coach is weighing the moves ({seconds} s)...</source>
        <translation>Der Trainer wägt die Züge ab ({seconds} s)...</translation>
    </message>
    <message>
        <source>The solver did not prove this position within {seconds} s: the hint is the search&apos;s</source>
        <translation>Der Löser hat diese Stellung nicht in {seconds} s bewiesen: der Tipp ist der der Suche</translation>
    </message>
    <message>
        <source>The coach could not look at this position: {message}</source>
        <translation>Der Trainer konnte diese Stellung nicht ansehen: {message}</translation>
    </message>
    <message>
        <source>The review failed: {message}</source>
        <translation>Die Analyse ist fehlgeschlagen: {message}</translation>
    </message>
    <message>
        <source>Try again: the position before move {number}</source>
        <translation>Noch einmal versuchen: die Stellung vor Zug {number}</translation>
    </message>
    <message>
        <source>Reviewing the game with the exact solver...</source>
        <translation>Die Partie wird mit dem exakten Löser analysiert...</translation>
    </message>
    <message>
        <source>Reviewing the game: a search of {budget} s per position, about {total} s...</source>
        <translation>Die Partie wird analysiert: eine Suche von {budget} s je Stellung, etwa {total} s...</translation>
    </message>
</context>
<context>
    <name>CoachOverlays</name>
    <message>
        <source>for {mark}, {description}</source>
        <translation>für {mark}: {description}</translation>
    </message>
    <message>
        <source>hint: {sentence}</source>
        <translation>Tipp: {sentence}</translation>
    </message>
    <message>
        <source>played</source>
        <translation>gespielt</translation>
    </message>
    <message>
        <source>the move played: {verdict}</source>
        <translation>der gespielte Zug: {verdict}</translation>
    </message>
    <message>
        <source>the best move here</source>
        <translation>der beste Zug hier</translation>
    </message>
</context>
<context>
    <name>EngineListNotice</name>
    <message>
        <source>The engine list could not be read (see Lab &gt; Engines...)</source>
        <translation>Die Liste der Spielprogramme war nicht lesbar (siehe Labor &gt; Spielprogramme …)</translation>
    </message>
    <message>
        <source>The engine list could not be read</source>
        <translation>Liste der Spielprogramme nicht lesbar</translation>
    </message>
    <message>
        <source>The engine list could not be read.</source>
        <translation>Die Liste der Spielprogramme konnte nicht gelesen werden.</translation>
    </message>
    <message>
        <source>{problem}

Its brains are not offered as players. Add them again in Lab &gt; Engines..., or put a good list in its place.</source>
        <translation>{problem}

Ihre Brains werden nicht als Spieler angeboten. Fügen Sie sie unter Labor &gt; Spielprogramme … wieder hinzu, oder legen Sie eine gültige Liste an ihre Stelle.</translation>
    </message>
</context>
<context>
    <name>EngineLogDialog</name>
    <message>
        <source>Engine log: {x} against {o}</source>
        <translation>Protokoll der Spielprogramme: {x} gegen {o}</translation>
    </message>
    <message>
        <source>{loser} lost by forfeit: {reason}</source>
        <translation>{loser} verliert durch Regelverstoß: {reason}</translation>
    </message>
    <message>
        <source>{count} lines: &gt; the manager wrote, &lt; the brain answered</source>
        <translation>{count} Zeilen: &gt; schrieb die Spielleitung, &lt; antwortete das Programm</translation>
    </message>
    <message>
        <source>Engine log</source>
        <translation>Protokoll der Spielprogramme</translation>
    </message>
</context>
<context>
    <name>EngineLogDock</name>
    <message>
        <source>Engine log</source>
        <translation>Protokoll der Spielprogramme</translation>
    </message>
    <message>
        <source>{count} lines of this game: &gt; the manager wrote, &lt; the brain answered</source>
        <translation>{count} Zeilen dieser Partie: &gt; schrieb die Spielleitung, &lt; antwortete das Brain</translation>
    </message>
    <message>
        <source>The brains have said nothing yet in this game.</source>
        <translation>Die Brains haben in dieser Partie noch nichts gesagt.</translation>
    </message>
    <message>
        <source>No brain plays this game: only Gomocup brains have a log.</source>
        <translation>In dieser Partie spielt kein Brain: nur Gomocup-Brains haben ein Protokoll.</translation>
    </message>
</context>
<context>
    <name>EngineLogFeatures</name>
    <message>
        <source>&amp;Engine log</source>
        <translation>Pr&amp;otokoll der Spielprogramme</translation>
    </message>
    <message>
        <source>Show what the Gomocup brains of this game say on their pipes</source>
        <translation>Zeigen, was die Gomocup-Brains dieser Partie über ihre Pipes sagen</translation>
    </message>
</context>
<context>
    <name>EnginePlayers</name>
    <message>
        <source>{name} is no longer in the engine list</source>
        <translation>{name} steht nicht mehr in der Liste der Spielprogramme</translation>
    </message>
    <message>
        <source>{name} plays five in a row (Gomocup), not {board}</source>
        <translation>{name} spielt Fünf in einer Reihe (Gomocup), nicht {board}</translation>
    </message>
    <message>
        <source>{name} was not asked whether it plays rectangles: probe it in Lab &gt; Engines...</source>
        <translation>{name} wurde nicht gefragt, ob es rechteckige Bretter spielt: prüfen Sie es unter Labor &gt; Spielprogramme …</translation>
    </message>
    <message>
        <source>{name} does not play rectangular boards such as {board}</source>
        <translation>{name} spielt keine rechteckigen Bretter wie {board}</translation>
    </message>
    <message>
        <source>{name} was not probed yet: probe it in Lab &gt; Engines...</source>
        <translation>{name} wurde noch nicht geprüft: prüfen Sie es unter Labor &gt; Spielprogramme …</translation>
    </message>
    <message>
        <source>{name} plays {sizes} (as probed), not {board}</source>
        <translation>{name} spielt {sizes} (laut Prüfung), nicht {board}</translation>
    </message>
    <message>
        <source>free-style</source>
        <translation>Freistil</translation>
    </message>
    <message>
        <source>exactly five</source>
        <translation>genau fünf</translation>
    </message>
    <message>
        <source>renju</source>
        <translation>Renju</translation>
    </message>
    <message>
        <source>caro</source>
        <translation>Caro</translation>
    </message>
    <message>
        <source>rule {rule}</source>
        <translation>Regel {rule}</translation>
    </message>
    <message>
        <source>{name} was not asked whether it plays {rule}: probe it in Lab &gt; Engines...</source>
        <translation>{name} wurde nicht gefragt, ob es {rule} spielt: prüfen Sie es unter Labor &gt; Spielprogramme …</translation>
    </message>
    <message>
        <source>{name} does not play {rule}: it answered {answer} to INFO rule {bit} when probed</source>
        <translation>{name} spielt nicht {rule}: Es antwortete bei der Prüfung auf INFO rule {bit} mit {answer}</translation>
    </message>
</context>
<context>
    <name>EnginesDialog</name>
    <message>
        <source>Engines</source>
        <translation>Spielprogramme</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Command</source>
        <translation>Befehl</translation>
    </message>
    <message>
        <source>Board sizes</source>
        <translation>Brettgrößen</translation>
    </message>
    <message>
        <source>Rectangles</source>
        <translation>Rechtecke</translation>
    </message>
    <message>
        <source>&amp;Add...</source>
        <translation>&amp;Hinzufügen …</translation>
    </message>
    <message>
        <source>&amp;Probe</source>
        <translation>&amp;Prüfen</translation>
    </message>
    <message>
        <source>&amp;Test</source>
        <translation>&amp;Testen</translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation>&amp;Entfernen</translation>
    </message>
    <message>
        <source>Gomocup brains, kept in {path}</source>
        <translation>Gomocup-Brains, gespeichert in {path}</translation>
    </message>
    <message>
        <source>Margi&amp;n:</source>
        <translation>Spielrau&amp;m:</translation>
    </message>
    <message>
        <source> ms</source>
        <translation> ms</translation>
    </message>
    <message>
        <source>no limit</source>
        <translation>keine Grenze</translation>
    </message>
    <message>
        <source>{ms} ms a move</source>
        <translation>{ms} ms pro Zug</translation>
    </message>
    <message>
        <source>{ms} ms a game</source>
        <translation>{ms} ms pro Partie</translation>
    </message>
    <message>
        <source>{ms} ms of margin</source>
        <translation>{ms} ms Spielraum</translation>
    </message>
    <message>
        <source>{name} lost a test game on {board} ({times}): {reason}</source>
        <translation>{name} hat ein Testspiel auf {board} verloren ({times}): {reason}</translation>
    </message>
    <message>
        <source>{name} beat Rando in a test game on {board} ({moves} moves; {times}).</source>
        <translation>{name} hat Rando in einem Testspiel auf {board} geschlagen ({moves} Züge; {times}).</translation>
    </message>
    <message>
        <source>{name} lost to Rando in a test game on {board} ({moves} moves; {times}).</source>
        <translation>{name} hat ein Testspiel auf {board} gegen Rando verloren ({moves} Züge; {times}).</translation>
    </message>
    <message>
        <source>{name} drew a test game on {board} ({moves} moves; {times}).</source>
        <translation>{name} hat ein Testspiel auf {board} unentschieden gespielt ({moves} Züge; {times}).</translation>
    </message>
    <message>
        <source>Line {line}: it holds characters that are not text.</source>
        <translation>Zeile {line}: Sie enthält Zeichen, die kein Text sind.</translation>
    </message>
    <message>
        <source>Line {line}: a key and a value, such as: hash_size 64</source>
        <translation>Zeile {line}: ein Schlüssel und ein Wert, etwa: hash_size 64</translation>
    </message>
    <message>
        <source>Line {line}: INFO {key} is sent by the manager itself (from the settings above, the board or the clock).</source>
        <translation>Zeile {line}: INFO {key} sendet die Spielleitung selbst (aus den Einstellungen oben, dem Brett oder der Uhr).</translation>
    </message>
    <message>
        <source>Line {line}: {key} is given twice.</source>
        <translation>Zeile {line}: {key} steht zweimal da.</translation>
    </message>
    <message>
        <source>Rules</source>
        <translation>Regeln</translation>
    </message>
    <message>
        <source>Swap2</source>
        <translation>Swap2</translation>
    </message>
    <message>
        <source>Engine &amp;log</source>
        <translation>Pr&amp;otokoll</translation>
    </message>
    <message>
        <source>What the brains of the window&apos;s game say on their pipes, as they play</source>
        <translation>Was die Brains der Partie im Fenster über ihre Pipes sagen, während sie spielen</translation>
    </message>
    <message>
        <source>&amp;Dismiss</source>
        <translation>A&amp;usblenden</translation>
    </message>
    <message>
        <source>Settings of the selected brain</source>
        <translation>Einstellungen des gewählten Brains</translation>
    </message>
    <message>
        <source>Time per move</source>
        <translation>Zeit pro Zug</translation>
    </message>
    <message>
        <source>The selected brain&apos;s time for each move in the window&apos;s games (Gomocup&apos;s timeout_turn); a brain over it loses the game</source>
        <translation>Die Zeit des gewählten Brains für jeden Zug in den Partien des Fensters (timeout_turn von Gomocup); ein Brain, das sie überschreitet, verliert die Partie</translation>
    </message>
    <message>
        <source>Time per game</source>
        <translation>Zeit pro Partie</translation>
    </message>
    <message>
        <source>The selected brain&apos;s time for all its moves of a game (timeout_match); no limit: only the time per move counts</source>
        <translation>Die Zeit des gewählten Brains für alle seine Züge einer Partie (timeout_match); keine Grenze: nur die Zeit pro Zug zählt</translation>
    </message>
    <message>
        <source>Margin</source>
        <translation>Spielraum</translation>
    </message>
    <message>
        <source>How much later than its time a brain&apos;s answer is still taken (the pipes, a busy machine); the Gomocup&apos;s judge allows 1,000 ms</source>
        <translation>Wie viel später als seine Zeit die Antwort eines Brains noch gilt (die Pipes, ein ausgelasteter Rechner); der Schiedsrichter des Gomocup lässt 1.000 ms zu</translation>
    </message>
    <message>
        <source> MiB</source>
        <translation> MiB</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>Speicher</translation>
    </message>
    <message>
        <source>What the brain is told it may use (INFO max_memory); the Gomocup&apos;s is 350 MiB</source>
        <translation>Wie viel das Brain benutzen darf, wie ihm gesagt wird (INFO max_memory); im Gomocup 350 MiB</translation>
    </message>
    <message>
        <source>&amp;Enforce it</source>
        <translation>Als &amp;Grenze setzen</translation>
    </message>
    <message>
        <source>Make it the brain&apos;s address-space limit: past it, the brain fails to allocate (it usually crashes and loses the game)</source>
        <translation>Zur Grenze des Adressraums des Brains machen: darüber hinaus bekommt es keinen Speicher mehr (meist stürzt es ab und verliert die Partie)</translation>
    </message>
    <message>
        <source>Working folder</source>
        <translation>Arbeitsordner</translation>
    </message>
    <message>
        <source>the folder TTT Desktop was started in</source>
        <translation>der Ordner, in dem TTT Desktop gestartet wurde</translation>
    </message>
    <message>
        <source>Bro&amp;wse...</source>
        <translation>&amp;Durchsuchen …</translation>
    </message>
    <message>
        <source>More INFO lines</source>
        <translation>Weitere INFO-Zeilen</translation>
    </message>
    <message>
        <source>key value, one a line (e.g. hash_size 64)</source>
        <translation>Schlüssel Wert, eins pro Zeile (z. B. hash_size 64)</translation>
    </message>
    <message>
        <source>Sent to the brain as INFO lines after the manager&apos;s own, at the start of every game (a brain ignores keys it does not know)</source>
        <translation>Werden dem Brain zu Beginn jeder Partie als INFO-Zeilen nach denen der Spielleitung geschickt (unbekannte Schlüssel übergeht ein Brain)</translation>
    </message>
    <message>
        <source>Time per &amp;move:</source>
        <translation>Zeit pro &amp;Zug:</translation>
    </message>
    <message>
        <source>Time per &amp;game:</source>
        <translation>Zeit pro P&amp;artie:</translation>
    </message>
    <message>
        <source>Memor&amp;y:</source>
        <translation>Spei&amp;cher:</translation>
    </message>
    <message>
        <source>Wor&amp;king folder:</source>
        <translation>Ar&amp;beitsordner:</translation>
    </message>
    <message>
        <source>More &amp;INFO lines:</source>
        <translation>Weitere &amp;INFO-Zeilen:</translation>
    </message>
    <message>
        <source>A brain needs a time per move or a time per game.</source>
        <translation>Ein Brain braucht eine Zeit pro Zug oder eine Zeit pro Partie.</translation>
    </message>
    <message>
        <source>Not changed: the engine list can&apos;t keep this value.</source>
        <translation>Nicht geändert: Die Liste der Spielprogramme kann diesen Wert nicht übernehmen.</translation>
    </message>
    <message>
        <source>Not changed: {reason}</source>
        <translation>Nicht geändert: {reason}</translation>
    </message>
    <message>
        <source>Not swap or swap2: it answered {answer} to SWAP2BOARD</source>
        <translation>Kein Swap oder Swap2: auf SWAP2BOARD antwortete es {answer}</translation>
    </message>
    <message>
        <source>Not asked yet: Probe asks it</source>
        <translation>Noch nicht gefragt: Prüfen fragt es</translation>
    </message>
    <message>
        <source>Could not save the engine list: {refusal}.</source>
        <translation>Die Liste der Spielprogramme ließ sich nicht speichern: {refusal}.</translation>
    </message>
    <message>
        <source>Not changed: {folder} is not a folder.</source>
        <translation>Nicht geändert: {folder} ist kein Ordner.</translation>
    </message>
    <message>
        <source>Choose the brain&apos;s working folder</source>
        <translation>Arbeitsordner des Brains wählen</translation>
    </message>
    <message>
        <source>not probed</source>
        <translation>nicht geprüft</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>ja</translation>
    </message>
    <message>
        <source>no</source>
        <translation>nein</translation>
    </message>
    <message>
        <source>Not {rule}: it answered {answer} to INFO rule {bit} when probed</source>
        <translation>Nicht {rule}: Es antwortete bei der Prüfung auf INFO rule {bit} mit {answer}</translation>
    </message>
    <message>
        <source>Settings of {name}</source>
        <translation>Einstellungen von {name}</translation>
    </message>
    <message>
        <source>The engine list was changed outside this window.</source>
        <translation>Die Liste der Spielprogramme wurde außerhalb dieses Fensters geändert.</translation>
    </message>
    <message>
        <source>{name} plays a test game ({times})...</source>
        <translation>{name} spielt ein Testspiel ({times}) …</translation>
    </message>
    <message>
        <source>Remove an engine</source>
        <translation>Spielprogramm entfernen</translation>
    </message>
    <message>
        <source>Remove {name} from the engine list? Its games stay in the library.</source>
        <translation>{name} aus der Liste der Spielprogramme entfernen? Seine Partien bleiben in der Bibliothek.</translation>
    </message>
    <message>
        <source>{name} was removed from the engine list.</source>
        <translation>{name} wurde aus der Liste der Spielprogramme entfernt.</translation>
    </message>
    <message>
        <source>Asking {command} who it is and what it plays...</source>
        <translation>{command} wird gefragt, wer es ist und was es spielt …</translation>
    </message>
    <message>
        <source>Probing {name}...</source>
        <translation>{name} wird geprüft …</translation>
    </message>
    <message>
        <source>{subject} was not added: {why}.</source>
        <translation>{subject} wurde nicht hinzugefügt: {why}.</translation>
    </message>
    <message>
        <source>{subject} was not probed: {why}.</source>
        <translation>{subject} wurde nicht geprüft: {why}.</translation>
    </message>
    <message>
        <source>{subject} did not play its test game: {why}.</source>
        <translation>{subject} hat seine Testpartie nicht gespielt: {why}.</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>{name} accepts board sizes {sizes}.</source>
        <translation>{name} spielt die Brettgrößen {sizes}.</translation>
    </message>
    <message>
        <source>&amp;Engines...</source>
        <translation>&amp;Spielprogramme …</translation>
    </message>
</context>
<context>
    <name>GameController</name>
    <message>
        <source>This version of TTT Desktop can&apos;t play the game in it.</source>
        <translation>Diese Version von TTT Desktop kann die Partie darin nicht spielen.</translation>
    </message>
    <message>
        <source>{name} is a person: only games between computer players can be replayed live.</source>
        <translation>{name} ist ein Mensch: Nur Partien zwischen Computerspielern lassen sich live nachspielen.</translation>
    </message>
    <message>
        <source>{name} has no recorded seed, so its moves can&apos;t be repeated.</source>
        <translation>Für {name} ist kein Startwert gespeichert, daher lassen sich die Züge nicht wiederholen.</translation>
    </message>
    <message>
        <source>{name} was a “{kind}” player, which this version of TTT Desktop can&apos;t create.</source>
        <translation>{name} war ein Spieler der Art „{kind}“, die diese Version von TTT Desktop nicht erzeugen kann.</translation>
    </message>
    <message>
        <source>The game is over: start a new game to play again.</source>
        <translation>Das Spiel ist vorbei: Starten Sie ein neues Spiel, um weiterzuspielen.</translation>
    </message>
    <message>
        <source>Wait: it is {name} ({mark})&apos;s turn, not yours.</source>
        <translation>Moment: {name} ({mark}) ist am Zug, nicht Sie.</translation>
    </message>
    <message>
        <source>Start a new game first.</source>
        <translation>Starten Sie zuerst ein neues Spiel.</translation>
    </message>
    <message>
        <source>{name} chooses first: use the buttons over the board.</source>
        <translation>Zuerst wählt {name}: mit den Knöpfen über dem Brett.</translation>
    </message>
    <message>
        <source>There is no choice to make now.</source>
        <translation>Jetzt ist nichts zu wählen.</translation>
    </message>
    <message>
        <source>{cell} is {forbidden}; under renju, choose another point.</source>
        <translation>{cell} ist {forbidden}; nach Renju wählen Sie einen anderen Punkt.</translation>
    </message>
    <message>
        <source>Cell {digit} (row {row}, column {column}) is taken: choose an empty one.</source>
        <translation>Feld {digit} (Zeile {row}, Spalte {column}) ist schon belegt: Wählen Sie ein freies Feld.</translation>
    </message>
    <message>
        <source>{name} could not move ({reason}); start a new game.</source>
        <translation>{name} konnte nicht ziehen ({reason}); starten Sie ein neues Spiel.</translation>
    </message>
</context>
<context>
    <name>GameFiles</name>
    <message>
        <source>TTT Desktop games (*.tttgame *.json);;Piskvork records (*.psq);;All files (*)</source>
        <translation>TTT-Desktop-Partien (*.tttgame *.json);;Piskvork-Partien (*.psq);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>“{name}” is not there any more: it may have been moved or deleted.</source>
        <translation>„{name}“ ist nicht mehr vorhanden: Die Datei wurde vielleicht verschoben oder gelöscht.</translation>
    </message>
    <message>
        <source>You are not allowed to read “{name}”.</source>
        <translation>Sie haben keine Berechtigung, „{name}“ zu lesen.</translation>
    </message>
    <message>
        <source>“{name}” could not be read.</source>
        <translation>„{name}“ konnte nicht gelesen werden.</translation>
    </message>
    <message>
        <source>“{name}” is not a file that can hold a game: it is a folder, a device or a pipe.</source>
        <translation>„{name}“ ist keine Datei, die eine Partie enthalten kann: Es ist ein Ordner, ein Gerät oder eine Pipe.</translation>
    </message>
    <message>
        <source>“{name}” was saved by a newer version of TTT Desktop. Update to open it.</source>
        <translation>„{name}“ wurde mit einer neueren Version von TTT Desktop gespeichert. Aktualisieren Sie TTT Desktop, um die Datei zu öffnen.</translation>
    </message>
    <message>
        <source>“{name}” is a TTT Desktop game, but it is damaged: its moves or players don&apos;t add up.</source>
        <translation>„{name}“ ist eine TTT-Desktop-Partie, aber beschädigt: Züge oder Spieler passen nicht zusammen.</translation>
    </message>
    <message>
        <source>“{name}” is empty: there is no game in it.</source>
        <translation>„{name}“ ist leer: Die Datei enthält keine Partie.</translation>
    </message>
    <message>
        <source>“{name}” is damaged or cut short, so the game in it can&apos;t be read.</source>
        <translation>„{name}“ ist beschädigt oder unvollständig, daher lässt sich die Partie darin nicht lesen.</translation>
    </message>
    <message>
        <source>“{name}” is not a TTT Desktop game.</source>
        <translation>„{name}“ ist keine TTT-Desktop-Partie.</translation>
    </message>
    <message>
        <source>“{name}” is far too large to be an opening file.</source>
        <translation>„{name}“ ist viel zu groß für eine Eröffnungsdatei.</translation>
    </message>
    <message>
        <source>“{name}” is not a text file of openings.</source>
        <translation>„{name}“ ist keine Textdatei mit Eröffnungen.</translation>
    </message>
    <message>
        <source>“{name}” has a line that is not an opening this board can play.</source>
        <translation>„{name}“ hat eine Zeile, die auf diesem Brett keine spielbare Eröffnung ist.</translation>
    </message>
    <message>
        <source>its file was written by another version of TTT Desktop</source>
        <translation>Seine Datei wurde von einer anderen Version von TTT Desktop geschrieben</translation>
    </message>
    <message>
        <source>its file is damaged or cut short</source>
        <translation>Seine Datei ist beschädigt oder unvollständig</translation>
    </message>
    <message>
        <source>its file is damaged</source>
        <translation>Seine Datei ist beschädigt</translation>
    </message>
    <message>
        <source>its program could not be started</source>
        <translation>Sein Programm ließ sich nicht starten</translation>
    </message>
    <message>
        <source>it does not answer as a Gomocup brain does</source>
        <translation>Es antwortet nicht, wie ein Gomocup-Brain antwortet</translation>
    </message>
    <message>
        <source>the brain declined</source>
        <translation>Das Brain hat abgelehnt</translation>
    </message>
    <message>
        <source>the brain broke the protocol&apos;s rules (it stopped, hung, ran out of time or gave an answer that is not a move)</source>
        <translation>Das Brain hat die Regeln des Protokolls gebrochen (es hat sich beendet, hing, hat die Zeit überschritten oder eine Antwort gegeben, die kein Zug ist)</translation>
    </message>
    <message>
        <source>something went wrong</source>
        <translation>Etwas ist schiefgegangen</translation>
    </message>
    <message>
        <source>The game library “{name}” is damaged or is not a TTT Desktop library.</source>
        <translation>Die Partienbibliothek „{name}“ ist beschädigt oder keine Partienbibliothek von TTT Desktop.</translation>
    </message>
    <message>
        <source>The game library “{name}” is in use by another program: try again later.</source>
        <translation>Die Partienbibliothek „{name}“ wird von einem anderen Programm benutzt: Versuchen Sie es später noch einmal.</translation>
    </message>
    <message>
        <source>The game library “{name}” or its folder can&apos;t be read or written.</source>
        <translation>Die Partienbibliothek „{name}“ oder ihr Ordner lässt sich nicht lesen oder beschreiben.</translation>
    </message>
    <message>
        <source>The game library “{name}” was written by a newer version of TTT Desktop.</source>
        <translation>Die Partienbibliothek „{name}“ wurde von einer neueren Version von TTT Desktop geschrieben.</translation>
    </message>
    <message>
        <source>The game library “{name}” can&apos;t be used.</source>
        <translation>Die Partienbibliothek „{name}“ lässt sich nicht verwenden.</translation>
    </message>
    <message>
        <source>the file or its folder is not there any more</source>
        <translation>Die Datei oder ihr Ordner ist nicht mehr da</translation>
    </message>
    <message>
        <source>the system did not allow it</source>
        <translation>Das System hat es nicht erlaubt</translation>
    </message>
    <message>
        <source>the disk is full</source>
        <translation>Der Datenträger ist voll</translation>
    </message>
    <message>
        <source>the disk can only be read</source>
        <translation>Der Datenträger lässt sich nur lesen</translation>
    </message>
    <message>
        <source>the system refused it</source>
        <translation>Das System hat es abgelehnt</translation>
    </message>
    <message>
        <source>its search process ended unexpectedly (exit code {code})</source>
        <translation>sein Suchprozess endete unerwartet (Exit-Code {code})</translation>
    </message>
    <message>
        <source>its search process was ended by signal {signal}</source>
        <translation>sein Suchprozess wurde durch Signal {signal} beendet</translation>
    </message>
    <message>
        <source>it gave no answer within {seconds} s</source>
        <translation>es antwortete nicht innerhalb von {seconds} s</translation>
    </message>
    <message>
        <source>it did not stop when asked, and its process was restarted</source>
        <translation>es hielt auf Aufforderung nicht an, und sein Prozess wurde neu gestartet</translation>
    </message>
    <message>
        <source>it chose a cell that is already taken</source>
        <translation>es wählte ein Feld, das schon besetzt ist</translation>
    </message>
    <message>
        <source>it gave no move</source>
        <translation>es gab keinen Zug an</translation>
    </message>
    <message>
        <source>its search failed</source>
        <translation>seine Suche ist fehlgeschlagen</translation>
    </message>
    <message>
        <source>Save game</source>
        <translation>Partie speichern</translation>
    </message>
    <message>
        <source>Open game</source>
        <translation>Partie öffnen</translation>
    </message>
    <message>
        <source>Could not save the game</source>
        <translation>Die Partie konnte nicht gespeichert werden</translation>
    </message>
    <message>
        <source>“{name}” could not be written: {reason}.</source>
        <translation>„{name}“ konnte nicht geschrieben werden: {reason}.</translation>
    </message>
    <message>
        <source>Any file that was there before is unchanged.</source>
        <translation>Eine bereits vorhandene Datei bleibt unverändert.</translation>
    </message>
    <message>
        <source>Could not open the game</source>
        <translation>Die Partie konnte nicht geöffnet werden</translation>
    </message>
    <message>
        <source>The current game is unchanged.</source>
        <translation>Die laufende Partie bleibt unverändert.</translation>
    </message>
    <message>
        <source>Could not paste a game</source>
        <translation>Es konnte keine Partie eingefügt werden</translation>
    </message>
    <message>
        <source>The clipboard holds no TTT Desktop game.</source>
        <translation>Die Zwischenablage enthält keine TTT-Desktop-Partie.</translation>
    </message>
    <message>
        <source>&amp;Save game...</source>
        <translation>Partie &amp;speichern …</translation>
    </message>
    <message>
        <source>&amp;Open game...</source>
        <translation>Partie ö&amp;ffnen …</translation>
    </message>
    <message>
        <source>Recent &amp;files</source>
        <translation>&amp;Zuletzt geöffnet</translation>
    </message>
    <message>
        <source>&amp;Copy game as text</source>
        <translation>Partie als Text &amp;kopieren</translation>
    </message>
    <message>
        <source>&amp;Paste game</source>
        <translation>Partie &amp;einfügen</translation>
    </message>
    <message>
        <source>Clear recent files</source>
        <translation>Liste leeren</translation>
    </message>
    <message>
        <source>Games (*.tttgame *.json *.psq);;TTT Desktop games (*.tttgame *.json);;Piskvork records (*.psq);;All files (*)</source>
        <translation>Partien (*.tttgame *.json *.psq);;TTT-Desktop-Partien (*.tttgame *.json);;Piskvork-Partien (*.psq);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>“{name}” is not a Piskvork record (.psq) that can be read: the details say which line is wrong and why.</source>
        <translation>„{name}“ ist keine lesbare Piskvork-Partie (.psq): Die Details sagen, welche Zeile falsch ist und warum.</translation>
    </message>
    <message>
        <source>“{name}” is a Piskvork record (.psq), which holds five in a row on boards of 5 to 20 a side: save this game as a TTT Desktop game (.tttgame).</source>
        <translation>„{name}“ ist eine Piskvork-Partie (.psq), die nur Fünf in einer Reihe auf Brettern mit 5 bis 20 Feldern Seitenlänge fasst: Speichern Sie diese Partie als TTT-Desktop-Partie (.tttgame).</translation>
    </message>
</context>
<context>
    <name>GameHeader</name>
    <message>
        <source>vs</source>
        <translation>gegen</translation>
    </message>
    <message>
        <source>{name} plays {mark}</source>
        <translation>{name} spielt {mark}</translation>
    </message>
    <message>
        <source>{x} plays X against {o}, who plays O</source>
        <translation>{x} spielt X gegen {o} mit O</translation>
    </message>
</context>
<context>
    <name>GameInProgress</name>
    <message>
        <source>The game left unfinished last time is not resumed: {why} Nor could it be set aside: {refusal}; a new game starts.</source>
        <translation>Die beim letzten Mal nicht beendete Partie wird nicht fortgesetzt: {why} Sie ließ sich auch nicht beiseitelegen: {refusal}; ein neues Spiel beginnt.</translation>
    </message>
    <message>
        <source>The game left unfinished last time is not resumed: {why} The file is kept as {name}; a new game starts.</source>
        <translation>Die beim letzten Mal nicht beendete Partie wird nicht fortgesetzt: {why} Die Datei bleibt als {name} erhalten; ein neues Spiel beginnt.</translation>
    </message>
</context>
<context>
    <name>GamesModel</name>
    <message>
        <source>Game</source>
        <translation>Partie</translation>
    </message>
    <message>
        <source>X</source>
        <translation>X</translation>
    </message>
    <message>
        <source>O</source>
        <translation>O</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <source>Moves</source>
        <translation>Züge</translation>
    </message>
    <message>
        <source>on time</source>
        <translation>durch Zeitüberschreitung</translation>
    </message>
    <message>
        <source>adjudicated</source>
        <translation>gewertet: erzwungener Gewinn</translation>
    </message>
    <message>
        <source>forfeit: {reason}</source>
        <translation>Regelverstoß: {reason}</translation>
    </message>
    <message>
        <source>Draw</source>
        <translation>Unentschieden</translation>
    </message>
    <message>
        <source>{name} wins ({why})</source>
        <translation>{name} gewinnt ({why})</translation>
    </message>
    <message>
        <source>{name} wins</source>
        <translation>{name} gewinnt</translation>
    </message>
</context>
<context>
    <name>HelpFeatures</name>
    <message>
        <source>&amp;Keyboard shortcuts</source>
        <translation>&amp;Tastenkürzel</translation>
    </message>
</context>
<context>
    <name>HistoryFeatures</name>
    <message>
        <source>&amp;History…</source>
        <translation>&amp;Verlauf …</translation>
    </message>
    <message>
        <source>Every game played, people&apos;s records and ratings</source>
        <translation>Alle gespielten Partien, die Bilanz der Spieler und ihre Wertungen</translation>
    </message>
    <message>
        <source>Games are not being remembered. {why}</source>
        <translation>Partien werden nicht gespeichert. {why}</translation>
    </message>
    <message>
        <source>The damaged library was kept as {name}; a new one was started</source>
        <translation>Die beschädigte Bibliothek wurde als {name} aufbewahrt; eine neue wurde angelegt</translation>
    </message>
    <message>
        <source>{name}&apos;s stored games keep the old name for now. {why}</source>
        <translation>Die gespeicherten Partien von {name} behalten vorerst den alten Namen. {why}</translation>
    </message>
    <message>
        <source>This game could not be stored yet; it is kept. {why}</source>
        <translation>Diese Partie konnte noch nicht gespeichert werden; sie bleibt erhalten. {why}</translation>
    </message>
    <message>
        <source>This game can&apos;t be opened: {why}</source>
        <translation>Diese Partie lässt sich nicht öffnen: {why}</translation>
    </message>
</context>
<context>
    <name>HistoryModel</name>
    <message>
        <source>Date</source>
        <translation>Datum</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>Begonnen</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <source>Moves</source>
        <translation>Züge</translation>
    </message>
    <message>
        <source>Board</source>
        <translation>Spielfeld</translation>
    </message>
    <message>
        <source>Unfinished</source>
        <translation>Nicht beendet</translation>
    </message>
    <message>
        <source>Draw</source>
        <translation>Unentschieden</translation>
    </message>
    <message>
        <source>{} won</source>
        <translation>{} hat gewonnen</translation>
    </message>
    <message>
        <source>A person</source>
        <translation>Ein Mensch</translation>
    </message>
    <message>
        <source>Computer player: {}</source>
        <translation>Computerspieler: {}</translation>
    </message>
    <message>
        <source>{opening}; the opening&apos;s first stones by {name}</source>
        <translation>{opening}; die ersten Steine der Eröffnung von {name}</translation>
    </message>
</context>
<context>
    <name>HistoryWindow</name>
    <message>
        <source>History</source>
        <translation>Verlauf</translation>
    </message>
    <message>
        <source>Keep the damaged file aside and start a new library</source>
        <translation>Die beschädigte Datei beiseitelegen und eine neue Bibliothek anlegen</translation>
    </message>
    <message>
        <source>Try again</source>
        <translation>Erneut versuchen</translation>
    </message>
    <message>
        <source>Board</source>
        <translation>Spielfeld</translation>
    </message>
    <message>
        <source>All boards</source>
        <translation>Alle Spielfelder</translation>
    </message>
    <message>
        <source>Board:</source>
        <translation>Spielfeld:</translation>
    </message>
    <message>
        <source>Games</source>
        <translation>Partien</translation>
    </message>
    <message>
        <source>People</source>
        <translation>Menschen</translation>
    </message>
    <message>
        <source>Leaderboard</source>
        <translation>Rangliste</translation>
    </message>
    <message>
        <source>Any result</source>
        <translation>Jedes Ergebnis</translation>
    </message>
    <message>
        <source>Won</source>
        <translation>Gewonnen</translation>
    </message>
    <message>
        <source>Drawn</source>
        <translation>Unentschieden</translation>
    </message>
    <message>
        <source>Lost</source>
        <translation>Verloren</translation>
    </message>
    <message>
        <source>Unfinished</source>
        <translation>Nicht beendet</translation>
    </message>
    <message>
        <source>X won</source>
        <translation>X hat gewonnen</translation>
    </message>
    <message>
        <source>O won</source>
        <translation>O hat gewonnen</translation>
    </message>
    <message>
        <source>From</source>
        <translation>Von</translation>
    </message>
    <message>
        <source>to</source>
        <translation>bis</translation>
    </message>
    <message>
        <source>Search names, dates, moves…</source>
        <translation>Namen, Daten, Züge suchen …</translation>
    </message>
    <message>
        <source>Person:</source>
        <translation>Person:</translation>
    </message>
    <message>
        <source>Opponent:</source>
        <translation>Gegner:</translation>
    </message>
    <message>
        <source>Result:</source>
        <translation>Ergebnis:</translation>
    </message>
    <message>
        <source>Stored games</source>
        <translation>Gespeicherte Partien</translation>
    </message>
    <message>
        <source>Open in review</source>
        <translation>In der Analyse öffnen</translation>
    </message>
    <message>
        <source>Export as files…</source>
        <translation>Als Dateien exportieren …</translation>
    </message>
    <message>
        <source>Export as JSON lines…</source>
        <translation>Als JSON-Zeilen exportieren …</translation>
    </message>
    <message>
        <source>Import games…</source>
        <translation>Partien importieren …</translation>
    </message>
    <message>
        <source>Could not write the files: {reason}.</source>
        <translation>Die Dateien konnten nicht geschrieben werden: {reason}.</translation>
    </message>
    <message>
        <source>Rating on {board}: {rating}</source>
        <translation>Wertung auf {board}: {rating}</translation>
    </message>
    <message>
        <source>Everybody starts at 1500; winning raises a rating, losing lowers it, more so against a stronger player. The ± says how sure it is: the true strength is within it 19 times in 20, and it narrows with every game. Highest rating first; each board has its own ratings.</source>
        <translation>Alle beginnen bei 1500; ein Sieg hebt die Wertung, eine Niederlage senkt sie, gegen stärkere Gegner mehr. Das ± sagt, wie sicher sie ist: Die wahre Stärke liegt in 19 von 20 Fällen darin, und es wird mit jeder Partie enger. Höchste Wertung zuerst; jedes Spielfeld hat eigene Wertungen.</translation>
    </message>
    <message>
        <source>Games are not being remembered. {why}</source>
        <translation>Partien werden nicht gespeichert. {why}</translation>
    </message>
    <message>
        <source>The damaged library was kept as {name}; a new one was started.</source>
        <translation>Die beschädigte Bibliothek wurde als {name} aufbewahrt; eine neue wurde angelegt.</translation>
    </message>
    <message>
        <source>{n} game</source>
        <translation>{n} Partie</translation>
    </message>
    <message>
        <source>{n} games</source>
        <translation>{n} Partien</translation>
    </message>
    <message>
        <source>Select the games to export first.</source>
        <translation>Wählen Sie zuerst die Partien aus, die exportiert werden sollen.</translation>
    </message>
    <message>
        <source>Export games to folder</source>
        <translation>Partien in einen Ordner exportieren</translation>
    </message>
    <message>
        <source>Exported {n} game.</source>
        <translation>{n} Partie exportiert.</translation>
    </message>
    <message>
        <source>Exported {n} games.</source>
        <translation>{n} Partien exportiert.</translation>
    </message>
    <message>
        <source>Export games as JSON lines</source>
        <translation>Partien als JSON-Zeilen exportieren</translation>
    </message>
    <message>
        <source>Import games</source>
        <translation>Partien importieren</translation>
    </message>
    <message>
        <source>TTT Desktop games (*{suffix})</source>
        <translation>TTT-Desktop-Partien (*{suffix})</translation>
    </message>
    <message>
        <source>Game files (.tttgame), Piskvork records (.psq), JSON lines (.jsonl) or folders of them; or drop them on this window</source>
        <translation>Partiedateien (.tttgame), Piskvork-Partien (.psq), JSON-Zeilen (.jsonl) oder Ordner davon; oder ziehen Sie sie auf dieses Fenster</translation>
    </message>
    <message>
        <source>Show engine log</source>
        <translation>Protokoll des Spielprogramms zeigen</translation>
    </message>
    <message>
        <source>What was said on a Gomocup brain&apos;s pipe during the selected game</source>
        <translation>Was ein Gomocup-Programm in der gewählten Partie über seine Leitung sagte und hörte</translation>
    </message>
    <message>
        <source>Select a game with a Gomocup brain in it first.</source>
        <translation>Wählen Sie zuerst eine Partie mit einem Gomocup-Programm.</translation>
    </message>
    <message>
        <source>This game has no engine log: only games with a brain have one.</source>
        <translation>Diese Partie hat kein Protokoll: Nur Partien mit einem Spielprogramm haben eines.</translation>
    </message>
    <message>
        <source>JSON lines (*{suffix})</source>
        <translation>JSON-Zeilen (*{suffix})</translation>
    </message>
    <message>
        <source>Games (*{game} *{psq} *{lines})</source>
        <translation>Partien (*{game} *{psq} *{lines})</translation>
    </message>
    <message>
        <source>There is no game library to import into.</source>
        <translation>Es gibt keine Partienbibliothek, in die importiert werden könnte.</translation>
    </message>
    <message>
        <source>An import is already running.</source>
        <translation>Es läuft bereits ein Import.</translation>
    </message>
    <message>
        <source>Importing games…</source>
        <translation>Partien werden importiert …</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Import</source>
        <translation>Importieren</translation>
    </message>
    <message>
        <source>Importing games: {done} of {total} files read</source>
        <translation>Partien werden importiert: {done} von {total} Dateien gelesen</translation>
    </message>
    <message>
        <source>The import was cancelled; the games read before stay.</source>
        <translation>Der Import wurde abgebrochen; die bis dahin gelesenen Partien bleiben.</translation>
    </message>
    <message>
        <source>Added: {n} game.</source>
        <translation>Hinzugefügt: {n} Partie.</translation>
    </message>
    <message>
        <source>Added: {n} games.</source>
        <translation>Hinzugefügt: {n} Partien.</translation>
    </message>
    <message>
        <source>Skipped as already stored: {n}.</source>
        <translation>Übersprungen, da schon gespeichert: {n}.</translation>
    </message>
    <message>
        <source>Refused: {n}.</source>
        <translation>Abgelehnt: {n}.</translation>
    </message>
    <message>
        <source>…and {n} more.</source>
        <translation>… und {n} weitere.</translation>
    </message>
    <message>
        <source>Opponent</source>
        <translation>Gegner</translation>
    </message>
    <message>
        <source>Player:</source>
        <translation>Spieler:</translation>
    </message>
    <message>
        <source>No games stored yet.</source>
        <translation>Noch keine Partien gespeichert.</translation>
    </message>
    <message>
        <source>{games} games: {wins} won, {draws} drawn, {losses} lost</source>
        <translation>{games} Partien: {wins} gewonnen, {draws} unentschieden, {losses} verloren</translation>
    </message>
    <message>
        <source>{n} unfinished</source>
        <translation>{n} nicht beendet</translation>
    </message>
    <message>
        <source>{n} win in a row</source>
        <translation>{n} Sieg in Folge</translation>
    </message>
    <message>
        <source>{n} wins in a row</source>
        <translation>{n} Siege in Folge</translation>
    </message>
    <message>
        <source>{n} draw in a row</source>
        <translation>{n} Unentschieden in Folge</translation>
    </message>
    <message>
        <source>{n} draws in a row</source>
        <translation>{n} Unentschieden in Folge</translation>
    </message>
    <message>
        <source>{n} loss in a row</source>
        <translation>{n} Niederlage in Folge</translation>
    </message>
    <message>
        <source>{n} losses in a row</source>
        <translation>{n} Niederlagen in Folge</translation>
    </message>
    <message>
        <source>Current streak: {streak}</source>
        <translation>Aktuelle Serie: {streak}</translation>
    </message>
    <message>
        <source>Longest winning streak: {wins}; longest unbeaten: {unbeaten}</source>
        <translation>Längste Siegesserie: {wins}; längste Serie ohne Niederlage: {unbeaten}</translation>
    </message>
    <message>
        <source>Favourite first move: cell {cell} ({count} of {total} games begun)</source>
        <translation>Liebster Eröffnungszug: Feld {cell} ({count} von {total} begonnenen Partien)</translation>
    </message>
    <message>
        <source>Mistakes per game: {mistakes} (over {games} games)</source>
        <translation>Fehler je Partie: {mistakes} (über {games} Partien)</translation>
    </message>
    <message>
        <source>Results over time</source>
        <translation>Ergebnisse im Zeitverlauf</translation>
    </message>
    <message>
        <source>Player</source>
        <translation>Spieler</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <source>Rating</source>
        <translation>Wertung</translation>
    </message>
    <message>
        <source>W / D / L</source>
        <translation>S / U / N</translation>
    </message>
    <message>
        <source>person</source>
        <translation>Mensch</translation>
    </message>
    <message>
        <source>Ratings</source>
        <translation>Wertungen</translation>
    </message>
    <message>
        <source>Anyone</source>
        <translation>Alle</translation>
    </message>
    <message>
        <source>Games are not being remembered: no game library was given.</source>
        <translation>Partien werden nicht gespeichert: Es wurde keine Partienbibliothek angegeben.</translation>
    </message>
    <message>
        <source>Start a new game library?</source>
        <translation>Eine neue Partienbibliothek anlegen?</translation>
    </message>
    <message>
        <source>The damaged file is kept, renamed, in its folder; nothing is deleted. A new, empty library is started in its place.</source>
        <translation>Die beschädigte Datei bleibt umbenannt in ihrem Ordner; nichts wird gelöscht. An ihrer Stelle wird eine neue, leere Bibliothek angelegt.</translation>
    </message>
    <message>
        <source>Export as .psq…</source>
        <translation>Als .psq exportieren …</translation>
    </message>
    <message>
        <source>Piskvork records, the format of the Gomocup&apos;s archives, one file a game (five-in-a-row games only)</source>
        <translation>Piskvork-Partien, das Format der Gomocup-Archive, eine Datei je Partie (nur Partien mit Fünf in einer Reihe)</translation>
    </message>
    <message>
        <source>Export games as Piskvork records to folder</source>
        <translation>Partien als Piskvork-Partien in einen Ordner exportieren</translation>
    </message>
    <message>
        <source>Passed over: {n} (a Piskvork record holds five in a row on boards of 5 to 20 a side).</source>
        <translation>Übergangen: {n} (eine Piskvork-Partie fasst nur Fünf in einer Reihe auf Brettern mit 5 bis 20 Feldern Seitenlänge).</translation>
    </message>
    <message>
        <source>Piskvork records (*{suffix})</source>
        <translation>Piskvork-Partien (*{suffix})</translation>
    </message>
</context>
<context>
    <name>InsightFeatures</name>
    <message>
        <source>&amp;Thinking</source>
        <translation>&amp;Denken</translation>
    </message>
    <message>
        <source>Show what the computers think</source>
        <translation>Zeigen, was die Computer denken</translation>
    </message>
    <message>
        <source>Search &amp;tree...</source>
        <translation>Such&amp;baum …</translation>
    </message>
    <message>
        <source>Explore the minimax and alpha-beta search trees from the position on show</source>
        <translation>Die Suchbäume von Minimax und Alpha-Beta ab der gezeigten Stellung erkunden</translation>
    </message>
    <message>
        <source>The opening: its stones are placed by the rule, not searched for.</source>
        <translation>Die Eröffnung: Ihre Steine werden nach der Regel gesetzt, nicht gesucht.</translation>
    </message>
    <message>
        <source>A computer&apos;s thinking shows here from the first move after the opening&apos;s choices.</source>
        <translation>Was ein Computer denkt, steht hier ab dem ersten Zug nach der Wahl der Eröffnung.</translation>
    </message>
    <message>
        <source>No computer has moved yet in this game.</source>
        <translation>In dieser Partie hat noch kein Computer gezogen.</translation>
    </message>
    <message numerus="yes">
        <source>%n move(s) of this game came from {names} before it was opened here.</source>
        <translation>
            <numerusform>%n Zug dieser Partie kam von {names}, bevor sie hier geöffnet wurde.</numerusform>
            <numerusform>%n Züge dieser Partie kamen von {names}, bevor sie hier geöffnet wurde.</numerusform>
        </translation>
    </message>
    <message>
        <source>{first} and {second}</source>
        <translation>{first} und {second}</translation>
    </message>
    <message>
        <source>What a computer thought is not kept with the game; ask one about the position below.</source>
        <translation>Was ein Computer gedacht hat, wird nicht mit der Partie gespeichert; fragen Sie unten einen nach der Stellung.</translation>
    </message>
    <message>
        <source>{name} moved to the position on show before this game was opened here.</source>
        <translation>{name} hat zu der gezeigten Stellung gezogen, bevor diese Partie hier geöffnet wurde.</translation>
    </message>
    <message>
        <source>No computer moved to the position on show.</source>
        <translation>Zu der gezeigten Stellung hat kein Computer gezogen.</translation>
    </message>
    <message>
        <source>Ask a computer about it below.</source>
        <translation>Fragen Sie unten einen Computer danach.</translation>
    </message>
    <message>
        <source>The game is over: there is no move to think about.</source>
        <translation>Die Partie ist vorbei: Es gibt keinen Zug mehr zu bedenken.</translation>
    </message>
    <message>
        <source>{name} is thinking about this position...</source>
        <translation>{name} denkt über diese Stellung nach …</translation>
    </message>
    <message>
        <source>{name} could not think: {message}</source>
        <translation>{name} konnte nicht nachdenken: {message}</translation>
    </message>
</context>
<context>
    <name>LabFeatures</name>
    <message>
        <source>&amp;Lab</source>
        <translation>&amp;Labor</translation>
    </message>
    <message>
        <source>&amp;Tournament...</source>
        <translation>&amp;Turnier …</translation>
    </message>
    <message>
        <source>T&amp;rain the learner...</source>
        <translation>&amp;Lernenden trainieren …</translation>
    </message>
    <message>
        <source>The game in &amp;numbers</source>
        <translation>Das Spiel in &amp;Zahlen</translation>
    </message>
    <message>
        <source>Charts are missing</source>
        <translation>Diagramme fehlen</translation>
    </message>
    <message>
        <source>This installation lacks Qt&apos;s charts (QtCharts from PySide6-Addons), which the lab draws with.</source>
        <translation>In dieser Installation fehlen die Diagramme von Qt (QtCharts aus PySide6-Addons), mit denen das Labor zeichnet.</translation>
    </message>
    <message>
        <source>A trained player&apos;s file can&apos;t be read and is left out: {problem}</source>
        <translation>Die Datei eines trainierten Spielers lässt sich nicht lesen und wird ausgelassen: {problem}</translation>
    </message>
    <message>
        <source>The game library is not open.</source>
        <translation>Die Partienbibliothek ist nicht geöffnet.</translation>
    </message>
    <message>
        <source>Tournament</source>
        <translation>Turnier</translation>
    </message>
</context>
<context>
    <name>LookFeatures</name>
    <message>
        <source>&amp;Full screen</source>
        <translation>&amp;Vollbildmodus</translation>
    </message>
    <message>
        <source>Side &amp;panel</source>
        <translation>&amp;Seitenleiste</translation>
    </message>
    <message>
        <source>Show or hide the players and the score beside the board</source>
        <translation>Spieler und Punktestand neben dem Spielfeld ein- oder ausblenden</translation>
    </message>
    <message>
        <source>&amp;Theme</source>
        <translation>&amp;Farbschema</translation>
    </message>
    <message>
        <source>&amp;System</source>
        <extracomment>Languages with a translation, besides English (in which the texts are written). Each language&apos;s own name, as the menu shows it (never translated).</extracomment>
        <translation>Wie das &amp;System</translation>
    </message>
    <message>
        <source>&amp;Light</source>
        <translation>&amp;Hell</translation>
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation>&amp;Dunkel</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>S&amp;prache</translation>
    </message>
    <message>
        <source>The language changes when TTT Desktop starts again.</source>
        <translation>Die Sprache wechselt beim nächsten Start von TTT Desktop.</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Sprache</translation>
    </message>
    <message>
        <source>Start it again now? The game in hand is kept and comes back.</source>
        <translation>Jetzt neu starten? Die laufende Partie bleibt erhalten und ist danach wieder da.</translation>
    </message>
    <message>
        <source>Start again now</source>
        <translation>Jetzt neu starten</translation>
    </message>
    <message>
        <source>Later</source>
        <translation>Später</translation>
    </message>
    <message>
        <source>TTT Desktop could not be started again: please start it yourself.</source>
        <translation>TTT Desktop ließ sich nicht neu starten: Bitte starten Sie es selbst.</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Instant</source>
        <translation>Sofort</translation>
    </message>
    <message>
        <source>Fast (0.2 s)</source>
        <translation>Schnell (0,2 s)</translation>
    </message>
    <message>
        <source>Normal (0.4 s)</source>
        <translation>Normal (0,4 s)</translation>
    </message>
    <message>
        <source>Slow (1 s)</source>
        <translation>Langsam (1 s)</translation>
    </message>
    <message>
        <source>The unfinished game could not be resumed</source>
        <translation>Die unterbrochene Partie kann nicht fortgesetzt werden</translation>
    </message>
    <message>
        <source>Game status</source>
        <translation>Spielstand</translation>
    </message>
    <message>
        <source>Computer is thinking</source>
        <translation>Der Computer denkt nach</translation>
    </message>
    <message>
        <source>New game</source>
        <translation>Neues Spiel</translation>
    </message>
    <message>
        <source>Start a new game with these players (Ctrl+N)</source>
        <translation>Ein neues Spiel mit diesen Spielern beginnen (Strg+N)</translation>
    </message>
    <message>
        <source>Play again</source>
        <translation>Noch einmal</translation>
    </message>
    <message>
        <source>Another game with the same players (Ctrl+R)</source>
        <translation>Noch eine Partie mit denselben Spielern (Strg+R)</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>Starten</translation>
    </message>
    <message>
        <source>Let the two computer players play this game</source>
        <translation>Die beiden Computerspieler diese Partie spielen lassen</translation>
    </message>
    <message>
        <source>&amp;Game</source>
        <translation>&amp;Spiel</translation>
    </message>
    <message>
        <source>&amp;New game</source>
        <translation>&amp;Neues Spiel</translation>
    </message>
    <message>
        <source>New game &amp;with...</source>
        <translation>Neues Spiel &amp;mit ...</translation>
    </message>
    <message>
        <source>Choose the board and the players</source>
        <translation>Spielfeld und Spieler wählen</translation>
    </message>
    <message>
        <source>S&amp;tart the computers&apos; game</source>
        <translation>Partie der Computer s&amp;tarten</translation>
    </message>
    <message>
        <source>Play &amp;again</source>
        <translation>Noch &amp;einmal</translation>
    </message>
    <message>
        <source>&amp;Swap sides</source>
        <translation>Seiten &amp;tauschen</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>Computer &amp;speed</source>
        <translation>&amp;Tempo des Computers</translation>
    </message>
    <message>
        <source>The least time a computer player&apos;s move takes to appear</source>
        <translation>Wie lange es mindestens dauert, bis der Zug eines Computerspielers erscheint</translation>
    </message>
    <message>
        <source>Other</source>
        <translation>Anderes</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>&amp;Manual</source>
        <translation>&amp;Handbuch</translation>
    </message>
    <message>
        <source>&amp;About TTT Desktop</source>
        <translation>&amp;Über TTT Desktop</translation>
    </message>
    <message>
        <source>Reduce &amp;motion</source>
        <translation>&amp;Bewegung reduzieren</translation>
    </message>
    <message>
        <source>Draw the winning line at once, without animation</source>
        <translation>Die Gewinnreihe sofort zeichnen, ohne Animation</translation>
    </message>
    <message>
        <source>Zoom &amp;in</source>
        <translation>Ver&amp;größern</translation>
    </message>
    <message>
        <source>Zoom &amp;out</source>
        <translation>Ver&amp;kleinern</translation>
    </message>
    <message>
        <source>&amp;Fit the board</source>
        <translation>Spielfeld &amp;einpassen</translation>
    </message>
    <message>
        <source>&amp;Marks on the board</source>
        <translation>&amp;Zeichen auf dem Spielfeld</translation>
    </message>
    <message>
        <source>Move n&amp;umbers on the marks</source>
        <translation>Zugn&amp;ummern auf den Zeichen</translation>
    </message>
    <message>
        <source>Automatic: stones from 9x9 up</source>
        <translation>Automatisch: Steine ab 9×9</translation>
    </message>
    <message>
        <source>X and O</source>
        <translation>X und O</translation>
    </message>
    <message>
        <source>Stones</source>
        <translation>Steine</translation>
    </message>
    <message>
        <source>For&amp;bidden points (renju)</source>
        <translation>Ver&amp;botene Punkte (Renju)</translation>
    </message>
    <message>
        <source>A forbidden move &amp;loses (renju)</source>
        <translation>Verbotener Zug ver&amp;liert (Renju)</translation>
    </message>
    <message>
        <source>As in tournament renju: black&apos;s click on a forbidden point loses the game instead of being refused</source>
        <translation>Wie im Turnier-Renju: ein Klick von Schwarz auf einen verbotenen Punkt verliert die Partie, statt abgewiesen zu werden</translation>
    </message>
    <message>
        <source>Other ({seconds} s)</source>
        <translation>Anderes ({seconds} s)</translation>
    </message>
    <message>
        <source>It&apos;s a draw</source>
        <translation>Unentschieden</translation>
    </message>
    <message>
        <source>{name} wins!</source>
        <translation>{name} gewinnt!</translation>
    </message>
    <message>
        <source>{loser} lost by forfeit: {reason}</source>
        <translation>{loser} verliert durch Regelverstoß: {reason}</translation>
    </message>
    <message>
        <source>Earlier position: the start (newest: move {total})</source>
        <translation>Frühere Stellung: der Anfang (neueste: Zug {total})</translation>
    </message>
    <message>
        <source>Earlier position: move {ply} of {total}</source>
        <translation>Frühere Stellung: Zug {ply} von {total}</translation>
    </message>
    <message>
        <source>{name} wins: {loser} lost by forfeit ({reason})</source>
        <translation>{name} gewinnt: {loser} verliert durch Regelverstoß ({reason})</translation>
    </message>
    <message>
        <source>Draw</source>
        <translation>Unentschieden</translation>
    </message>
    <message>
        <source>{name} wins</source>
        <translation>{name} gewinnt</translation>
    </message>
    <message>
        <source>{first} v {second}: press Start to watch</source>
        <translation>{first} gegen {second}: „Starten“ drücken</translation>
    </message>
    <message>
        <source>{name} is thinking...</source>
        <translation>{name} denkt nach …</translation>
    </message>
    <message>
        <source>{name} to move</source>
        <translation>{name} ist am Zug</translation>
    </message>
    <message>
        <source>{choice}; {turn}</source>
        <translation>{choice}; {turn}</translation>
    </message>
    <message>
        <source>{name} places the opening: stone {number} of {total} ({colour}, {mark})</source>
        <translation>{name} setzt die Eröffnung: Stein {number} von {total} ({colour}, {mark})</translation>
    </message>
    <message>
        <source>{name} chooses: black, white or two more stones</source>
        <translation>{name} wählt: Schwarz, Weiß oder zwei weitere Steine</translation>
    </message>
    <message>
        <source>{name} chooses: black or white</source>
        <translation>{name} wählt: Schwarz oder Weiß</translation>
    </message>
    <message>
        <source>{name} chose {colour}: {name} plays {mark}</source>
        <translation>{name} hat {colour} gewählt: {name} spielt {mark}</translation>
    </message>
    <message>
        <source>{loser} lost by a forbidden move: {reason}</source>
        <translation>{loser} hat durch einen verbotenen Zug verloren: {reason}</translation>
    </message>
    <message>
        <source>{pairing}: no games finished yet</source>
        <translation>{pairing}: noch keine Partie beendet</translation>
    </message>
    <message>
        <source>black</source>
        <translation>Schwarz</translation>
    </message>
    <message>
        <source>white</source>
        <translation>Weiß</translation>
    </message>
    <message>
        <source>{first} v {second}</source>
        <translation>{first} gegen {second}</translation>
    </message>
    <message>
        <source>1 draw</source>
        <translation>1 Unentschieden</translation>
    </message>
    <message>
        <source>{count} draws</source>
        <translation>{count} Unentschieden</translation>
    </message>
    <message>
        <source>{first} {first_wins} : {second_wins} {second}, {draws}</source>
        <translation>{first} {first_wins} : {second_wins} {second}, {draws}</translation>
    </message>
</context>
<context>
    <name>ManualWindow</name>
    <message>
        <source>Contents</source>
        <extracomment>Languages the manual is written in besides English, each a folder of ``resources/manual/``.</extracomment>
        <translation>Inhalt</translation>
    </message>
    <message>
        <source>Playing</source>
        <translation>Spielen</translation>
    </message>
    <message>
        <source>Watching and reviewing games</source>
        <translation>Partien zuschauen und nachspielen</translation>
    </message>
    <message>
        <source>The coach: undo, hints, review</source>
        <translation>Der Trainer: Zurücknehmen, Tipps, Analyse</translation>
    </message>
    <message>
        <source>History, people and ratings</source>
        <translation>Verlauf, Spieler und Wertungen</translation>
    </message>
    <message>
        <source>Themes, languages, keys</source>
        <translation>Farbschemata, Sprachen, Tasten</translation>
    </message>
    <message>
        <source>The computer players</source>
        <translation>Die Computerspieler</translation>
    </message>
    <message>
        <source>How each computer thinks</source>
        <translation>Wie jeder Computer denkt</translation>
    </message>
    <message>
        <source>The AI lab</source>
        <translation>Das KI-Labor</translation>
    </message>
    <message>
        <source>The command line</source>
        <translation>Die Kommandozeile</translation>
    </message>
    <message>
        <source>TTT Desktop manual</source>
        <translation>TTT Desktop-Handbuch</translation>
    </message>
    <message>
        <source>Pages of the manual</source>
        <translation>Seiten des Handbuchs</translation>
    </message>
    <message>
        <source>Manual page</source>
        <translation>Handbuchseite</translation>
    </message>
    <message>
        <source>Back</source>
        <translation>Zurück</translation>
    </message>
    <message>
        <source>Forward</source>
        <translation>Vorwärts</translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>Tastenkürzel</translation>
    </message>
    <message>
        <source>The manual is written in English.</source>
        <translation>Das Handbuch ist auf Englisch geschrieben.</translation>
    </message>
</context>
<context>
    <name>MatchDialog</name>
    <message>
        <source>Alternate, X first</source>
        <translation>Abwechselnd, X zuerst</translation>
    </message>
    <message>
        <source>Alternate, O first</source>
        <translation>Abwechselnd, O zuerst</translation>
    </message>
    <message>
        <source>X every game</source>
        <translation>Immer X</translation>
    </message>
    <message>
        <source>O every game</source>
        <translation>Immer O</translation>
    </message>
    <message>
        <source>Watch a match</source>
        <translation>Einem Match zusehen</translation>
    </message>
    <message>
        <source>A match is for two computer players: choose one for X and one for O in the Players panel first.</source>
        <translation>Ein Match ist für zwei Computerspieler: Wählen Sie zuerst im Bereich „Spieler“ je einen für X und für O.</translation>
    </message>
    <message>
        <source>{x} (X) against {o} (O)</source>
        <translation>{x} (X) gegen {o} (O)</translation>
    </message>
    <message>
        <source>Start match</source>
        <translation>Match starten</translation>
    </message>
    <message>
        <source>Games</source>
        <translation>Partien</translation>
    </message>
    <message>
        <source>Who starts</source>
        <translation>Wer beginnt</translation>
    </message>
</context>
<context>
    <name>MatchRunner</name>
    <message>
        <source>a match is 1-{most} games, not {games!r}</source>
        <translation>ein Match hat 1 bis {most} Partien, nicht {games!r}</translation>
    </message>
    <message>
        <source>a match is for two computer players: choose one for X and for O</source>
        <translation>ein Match ist für zwei Computerspieler: Wählen Sie je einen für X und für O</translation>
    </message>
</context>
<context>
    <name>MatchScore</name>
    <message>
        <source>{x} (X) {x_wins}, {o} (O) {o_wins}, draws {draws}</source>
        <translation>{x} (X) {x_wins}, {o} (O) {o_wins}, unentschieden {draws}</translation>
    </message>
    <message>
        <source>Match stopped after {played} of {games}: {tally}</source>
        <translation>Match nach {played} von {games} Partien abgebrochen: {tally}</translation>
    </message>
    <message>
        <source>Match over, {games} games: {tally}</source>
        <translation>Match beendet, {games} Partien: {tally}</translation>
    </message>
    <message>
        <source>Game {number} of {games} - {tally}</source>
        <translation>Partie {number} von {games} – {tally}</translation>
    </message>
</context>
<context>
    <name>MoveList</name>
    <message>
        <source>Player</source>
        <translation>Spieler</translation>
    </message>
    <message>
        <source>Mark</source>
        <translation>X/O</translation>
    </message>
    <message>
        <source>Cell</source>
        <translation>Feld</translation>
    </message>
    <message>
        <source>{name} (opening)</source>
        <translation>{name} (Eröffnung)</translation>
    </message>
    <message>
        <source>Moves</source>
        <translation>Züge</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>Anfang</translation>
    </message>
    <message>
        <source>Keypad</source>
        <translation>Ziffer</translation>
    </message>
    <message>
        <source>The cell&apos;s digit on the number keypad: 7 is the top-left, 3 the bottom-right</source>
        <translation>Die Ziffer des Felds auf dem Ziffernblock: 7 ist oben links, 3 unten rechts</translation>
    </message>
    <message>
        <source>Cell ({first}-{last})</source>
        <translation>Feld ({first}-{last})</translation>
    </message>
    <message>
        <source>The cell as the board&apos;s edges name it: the column&apos;s letter from the left, the row&apos;s number from the bottom ({first} is the bottom-left)</source>
        <translation>Das Feld, wie es am Rand des Bretts steht: der Buchstabe der Spalte von links, die Zahl der Zeile von unten ({first} ist unten links)</translation>
    </message>
</context>
<context>
    <name>NewGameDialog</name>
    <message>
        <source>New game</source>
        <translation>Neues Spiel</translation>
    </message>
    <message>
        <source>Boards</source>
        <translation>Spielfelder</translation>
    </message>
    <message>
        <source>Custom board: choose m, n and k below</source>
        <translation>Eigenes Spielfeld: m, n und k unten wählen</translation>
    </message>
    <message>
        <source>Board</source>
        <translation>Spielfeld</translation>
    </message>
    <message>
        <source>Free-style: k or more in a row</source>
        <translation>Freistil: k oder mehr in einer Reihe</translation>
    </message>
    <message>
        <source>Standard: exactly k, a longer line does not win</source>
        <translation>Standard: genau k, eine längere Reihe gewinnt nicht</translation>
    </message>
    <message>
        <source>Renju: black may not play a double-three, double-four or overline</source>
        <translation>Renju: Schwarz darf keinen Doppeldreier, Doppelvierer und keine Überlänge spielen</translation>
    </message>
    <message>
        <source>Five in a row, on a board of 15 to 20 a side</source>
        <translation>Fünf in einer Reihe, auf einem Brett von 15 bis 20 Feldern je Seite</translation>
    </message>
    <message>
        <source>Caro: a five blocked at both ends does not win</source>
        <translation>Caro: eine an beiden Enden blockierte Fünf gewinnt nicht</translation>
    </message>
    <message>
        <source>Columns (m):</source>
        <translation>Spalten (m):</translation>
    </message>
    <message>
        <source>Rows (n):</source>
        <translation>Zeilen (n):</translation>
    </message>
    <message>
        <source>In a row (k):</source>
        <translation>In einer Reihe (k):</translation>
    </message>
    <message>
        <source>R&amp;ule:</source>
        <translation>Re&amp;gel:</translation>
    </message>
    <message>
        <source>Players</source>
        <translation>Spieler</translation>
    </message>
    <message>
        <source>Player for {mark}</source>
        <translation>Spieler für {mark}</translation>
    </message>
    <message>
        <source>{mark} plays:</source>
        <translation>{mark} spielt:</translation>
    </message>
    <message>
        <source>Free: the first player&apos;s stone opens the game</source>
        <translation>Frei: Der Stein des ersten Spielers eröffnet die Partie</translation>
    </message>
    <message>
        <source>Swap: three stones placed, then the other player chooses a side</source>
        <translation>Swap: drei Steine gesetzt, dann wählt der andere Spieler eine Seite</translation>
    </message>
    <message>
        <source>Swap2: three stones, then a side or two more stones and the choice back</source>
        <translation>Swap2: drei Steine, dann eine Seite oder zwei weitere Steine und die Wahl zurück</translation>
    </message>
    <message>
        <source>Who places the first stones, and who then chooses to play black or white</source>
        <translation>Wer die ersten Steine setzt und wer dann wählt, Schwarz oder Weiß zu spielen</translation>
    </message>
    <message>
        <source>&amp;Opening:</source>
        <translation>&amp;Eröffnung:</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>Starten</translation>
    </message>
    <message>
        <source>{m} columns, {n} rows, {k} in a row</source>
        <translation>{m} Spalten, {n} Zeilen, {k} in einer Reihe</translation>
    </message>
    <message>
        <source>exactly</source>
        <translation>genau</translation>
    </message>
    <message>
        <source>{name}, a person at this computer</source>
        <translation>{name}, ein Mensch an diesem Computer</translation>
    </message>
    <message>
        <source>Computer: {name}</source>
        <translation>Computer: {name}</translation>
    </message>
    <message>
        <source>{low} to {high}</source>
        <translation>{low} bis {high}</translation>
    </message>
    <message>
        <source>{low} to {high} (the longer side)</source>
        <translation>{low} bis {high} (die längere Seite)</translation>
    </message>
    <message>
        <source>Type a number in each box.</source>
        <translation>Bitte in jedes Feld eine Zahl eingeben.</translation>
    </message>
    <message>
        <source>Board: {title}</source>
        <translation>Spielfeld: {title}</translation>
    </message>
    <message>
        <source>Renju</source>
        <translation>Renju</translation>
    </message>
    <message>
        <source>Caro</source>
        <translation>Caro</translation>
    </message>
    <message>
        <source>{rule} is five in a row on a board of {low} to {high} a side.</source>
        <translation>{rule} ist fünf in einer Reihe auf einem Brett von {low} bis {high} Feldern je Seite.</translation>
    </message>
    <message>
        <source>Columns must be {low} to {high}.</source>
        <translation>Spalten: {low} bis {high}.</translation>
    </message>
    <message>
        <source>Rows must be {low} to {high}.</source>
        <translation>Zeilen: {low} bis {high}.</translation>
    </message>
    <message>
        <source>In a row must be {low} to {high}, the longer side.</source>
        <translation>In einer Reihe: {low} bis {high}, die längere Seite.</translation>
    </message>
    <message>
        <source>{name} plays this board</source>
        <translation>{name} spielt auf diesem Spielfeld</translation>
    </message>
    <message>
        <source>Choose a player for {marks}: the one chosen does not play {board}.</source>
        <translation>Bitte einen Spieler für {marks} wählen: der gewählte spielt nicht {board}.</translation>
    </message>
    <message>
        <source>Swap and swap2 are openings of five in a row: they need at least 5 in a row on a board of at least 7 by 7</source>
        <translation>Swap und Swap2 sind Eröffnungen für fünf in einer Reihe: Sie brauchen mindestens 5 in einer Reihe auf einem Brett von mindestens 7 mal 7</translation>
    </message>
    <message>
        <source>This board opens freely: {why}.</source>
        <translation>Dieses Brett wird frei eröffnet: {why}.</translation>
    </message>
    <message>
        <source>{name} does not play swap openings (it did not answer SWAP2BOARD when probed): it loses the game at its first stone or choice.</source>
        <translation>{name} spielt keine Swap-Eröffnungen (es hat bei der Prüfung nicht auf SWAP2BOARD geantwortet): Es verliert die Partie bei seinem ersten Stein oder seiner Wahl.</translation>
    </message>
    <message>
        <source>{name} was not asked whether it plays swap openings: probe it again in Lab &gt; Engines, or it may lose the game at the opening.</source>
        <translation>{name} wurde nicht gefragt, ob es Swap-Eröffnungen spielt: Prüfen Sie es erneut unter Labor &gt; Spielprogramme, sonst verliert es die Partie womöglich bei der Eröffnung.</translation>
    </message>
    <message>
        <source>Choose a board first</source>
        <translation>Zuerst ein Spielfeld wählen</translation>
    </message>
    <message>
        <source>{name} plays only tic-tac-toe, not {board}</source>
        <translation>{name} spielt nur Tic-Tac-Toe, nicht {board}</translation>
    </message>
    <message>
        <source>{name} plays only the boards this program has solved ({solved}), not {board}</source>
        <translation>{name} spielt nur die Bretter, die dieses Programm gelöst hat ({solved}), nicht {board}</translation>
    </message>
    <message>
        <source>{name} does not play {board}</source>
        <translation>{name} spielt nicht {board}</translation>
    </message>
</context>
<context>
    <name>NotAnsweringNotice</name>
    <message>
        <source>The computer is not answering</source>
        <translation>Der Computer antwortet nicht</translation>
    </message>
    <message>
        <source>The computer player is not answering.</source>
        <translation>Der Computerspieler antwortet nicht.</translation>
    </message>
    <message>
        <source>Its process has stopped responding (the system may have paused it). You can wait for it, or restart it: the move is then thought out again.</source>
        <translation>Sein Prozess reagiert nicht mehr (vielleicht hat das System ihn angehalten). Sie können warten oder ihn neu starten: Der Zug wird dann noch einmal berechnet.</translation>
    </message>
    <message>
        <source>Wait</source>
        <translation>Warten</translation>
    </message>
    <message>
        <source>Restart the computer player</source>
        <translation>Computerspieler neu starten</translation>
    </message>
    <message>
        <source>Restarting the computer player...</source>
        <translation>Der Computerspieler wird neu gestartet …</translation>
    </message>
    <message>
        <source>Waiting for the computer player, which is not answering</source>
        <translation>Warten auf den Computerspieler, der nicht antwortet</translation>
    </message>
</context>
<context>
    <name>NumbersWindow</name>
    <message>
        <source>The game in numbers: tic-tac-toe</source>
        <translation>Das Spiel in Zahlen: Tic-Tac-Toe</translation>
    </message>
    <message>
        <source>Complete games by the move they end on</source>
        <translation>Vollständige Partien nach dem Zug, mit dem sie enden</translation>
    </message>
    <message>
        <source>Move</source>
        <translation>Zug</translation>
    </message>
    <message>
        <source>Games</source>
        <translation>Partien</translation>
    </message>
    <message>
        <source>Count games &amp;up to symmetry</source>
        <translation>Partien &amp;bis auf Symmetrie zählen</translation>
    </message>
    <message>
        <source>Take moves to rotated or reflected copies of a position as one move</source>
        <translation>Züge in gedrehte oder gespiegelte Kopien einer Stellung als einen Zug zählen</translation>
    </message>
    <message>
        <source>Games in the chart</source>
        <translation>Partien im Diagramm</translation>
    </message>
    <message>
        <source>Figures (X moves first)</source>
        <translation>Kennzahlen (X zieht zuerst)</translation>
    </message>
    <message>
        <source>Move sequences per ply</source>
        <translation>Zugfolgen je Halbzug</translation>
    </message>
    <message>
        <source>These numbers are about tic-tac-toe (3x3, three in a row), whatever board the main window plays.</source>
        <translation>Diese Zahlen gelten für Tic-Tac-Toe (3×3, drei in einer Reihe), gleich auf welchem Spielfeld das Hauptfenster spielt.</translation>
    </message>
    <message>
        <source>Board</source>
        <translation>Spielfeld</translation>
    </message>
    <message>
        <source>X wins</source>
        <translation>X gewinnt</translation>
    </message>
    <message>
        <source>O wins</source>
        <translation>O gewinnt</translation>
    </message>
    <message>
        <source>Draws</source>
        <translation>Unentschieden</translation>
    </message>
    <message>
        <source>{games} games up to symmetry</source>
        <translation>{games} Partien bis auf Symmetrie</translation>
    </message>
    <message>
        <source>{games} games</source>
        <translation>{games} Partien</translation>
    </message>
    <message>
        <source>Complete games</source>
        <translation>Vollständige Partien</translation>
    </message>
    <message>
        <source>won by X (first)</source>
        <translation>von X gewonnen (beginnt)</translation>
    </message>
    <message>
        <source>won by O (second)</source>
        <translation>von O gewonnen (zieht als Zweiter)</translation>
    </message>
    <message>
        <source>drawn</source>
        <translation>unentschieden</translation>
    </message>
    <message>
        <source>Positions reachable in play</source>
        <translation>Im Spiel erreichbare Stellungen</translation>
    </message>
    <message>
        <source>of which finished games</source>
        <translation>davon beendete Partien</translation>
    </message>
    <message>
        <source>Figure</source>
        <translation>Kennzahl</translation>
    </message>
    <message>
        <source>All</source>
        <translation>Alle</translation>
    </message>
    <message>
        <source>Up to symmetry</source>
        <translation>Bis auf Symmetrie</translation>
    </message>
    <message>
        <source>Figures</source>
        <translation>Kennzahlen</translation>
    </message>
    <message>
        <source>Sequences</source>
        <translation>Zugfolgen</translation>
    </message>
    <message>
        <source>of which end the game</source>
        <translation>davon beenden die Partie</translation>
    </message>
</context>
<context>
    <name>OpeningPrompt</name>
    <message>
        <source>Opening choice</source>
        <translation>Wahl der Eröffnung</translation>
    </message>
    <message>
        <source>{name}, choose your side:</source>
        <translation>{name}, wählen Sie Ihre Seite:</translation>
    </message>
    <message>
        <source>Play &amp;black ({mark})</source>
        <translation>&amp;Schwarz spielen ({mark})</translation>
    </message>
    <message>
        <source>Play &amp;white ({mark})</source>
        <translation>&amp;Weiß spielen ({mark})</translation>
    </message>
    <message>
        <source>Place &amp;two more stones</source>
        <translation>&amp;Zwei weitere Steine setzen</translation>
    </message>
    <message>
        <source>Take black: the other player moves next, as white</source>
        <translation>Schwarz nehmen: Der andere Spieler zieht als Nächstes, als Weiß</translation>
    </message>
    <message>
        <source>Take white and make white&apos;s move now</source>
        <translation>Weiß nehmen und jetzt den Zug von Weiß machen</translation>
    </message>
    <message>
        <source>Place a white and a black stone, then the other player chooses a side</source>
        <translation>Einen weißen und einen schwarzen Stein setzen, dann wählt der andere Spieler eine Seite</translation>
    </message>
</context>
<context>
    <name>PeopleDialog</name>
    <message>
        <source>Rename {name}</source>
        <translation>{name} umbenennen</translation>
    </message>
    <message>
        <source>People</source>
        <translation>Menschen</translation>
    </message>
    <message>
        <source>&amp;Rename...</source>
        <translation>&amp;Umbenennen …</translation>
    </message>
    <message>
        <source>Re&amp;move</source>
        <translation>&amp;Entfernen</translation>
    </message>
    <message>
        <source>Renamed, a person keeps their games, score and rating under the new name. Removed, they leave the drop-downs; their games stay in History.</source>
        <translation>Umbenannt behält eine Person ihre Partien, ihren Punktestand und ihre Wertung unter dem neuen Namen. Entfernt verschwindet sie aus den Auswahllisten; ihre Partien bleiben im Verlauf.</translation>
    </message>
    <message>
        <source>{name} is off the list. {name}&apos;s games stay in History.</source>
        <translation>{name} steht nicht mehr auf der Liste. Die Partien von {name} bleiben im Verlauf.</translation>
    </message>
    <message>
        <source>{name} is playing now: choose someone else for that seat to remove them.</source>
        <translation>{name} spielt gerade: Wählen Sie für diesen Platz jemand anderen, um {name} zu entfernen.</translation>
    </message>
    <message>
        <source>There is already someone called {name}.</source>
        <translation>Es gibt bereits jemanden namens {name}.</translation>
    </message>
</context>
<context>
    <name>PlayOnDialog</name>
    <message>
        <source>Play on from here</source>
        <translation>Von hier weiterspielen</translation>
    </message>
    <message>
        <source>Play on</source>
        <translation>Weiterspielen</translation>
    </message>
    <message>
        <source>A new game goes on from the empty board.</source>
        <translation>Eine neue Partie beginnt auf dem leeren Spielfeld.</translation>
    </message>
    <message>
        <source>A new game goes on from the position after move {ply}.</source>
        <translation>Eine neue Partie geht von der Stellung nach Zug {ply} aus weiter.</translation>
    </message>
    <message>
        <source>{name} (person)</source>
        <translation>{name} (Mensch)</translation>
    </message>
</context>
<context>
    <name>PlayerPanel</name>
    <message>
        <source>New player...</source>
        <translation>Neuer Spieler …</translation>
    </message>
    <message>
        <source>X starts</source>
        <translation>X beginnt</translation>
    </message>
    <message>
        <source>O starts</source>
        <translation>O beginnt</translation>
    </message>
    <message>
        <source>Take turns starting</source>
        <translation>Abwechselnd beginnen</translation>
    </message>
    <message>
        <source>Random</source>
        <translation>Zufällig</translation>
    </message>
    <message>
        <source>New player</source>
        <translation>Neuer Spieler</translation>
    </message>
    <message>
        <source>Name of the player (up to {count} characters):</source>
        <translation>Name des Spielers (bis zu {count} Zeichen):</translation>
    </message>
    <message>
        <source>Players</source>
        <translation>Spieler</translation>
    </message>
    <message>
        <source>Player for {mark}</source>
        <translation>Spieler für {mark}</translation>
    </message>
    <message>
        <source>Plays {mark}</source>
        <translation>Spielt {mark}</translation>
    </message>
    <message>
        <source>Swap sides</source>
        <translation>Seiten tauschen</translation>
    </message>
    <message>
        <source>Exchange the players of X and O and start a new game</source>
        <translation>Die Spieler von X und O tauschen und ein neues Spiel beginnen</translation>
    </message>
    <message>
        <source>Who starts</source>
        <translation>Wer beginnt</translation>
    </message>
    <message>
        <source>First move:</source>
        <translation>Erster Zug:</translation>
    </message>
    <message>
        <source>Choose the board and the players (Ctrl+Shift+N)</source>
        <translation>Spielfeld und Spieler wählen (Strg+Umschalt+N)</translation>
    </message>
    <message>
        <source>&amp;Board:</source>
        <translation>Spiel&amp;feld:</translation>
    </message>
    <message>
        <source>Score this session</source>
        <translation>Punktestand dieser Sitzung</translation>
    </message>
    <message>
        <source>{board}...</source>
        <translation>{board} ...</translation>
    </message>
    <message>
        <source>Board: {board}</source>
        <translation>Spielfeld: {board}</translation>
    </message>
    <message>
        <source>People</source>
        <translation>Menschen</translation>
    </message>
    <message>
        <source>{name}, a person at this computer</source>
        <translation>{name}, ein Mensch an diesem Computer</translation>
    </message>
    <message>
        <source>Add a person by name; names are remembered</source>
        <translation>Einen Menschen mit Namen hinzufügen; die Namen werden gespeichert</translation>
    </message>
    <message>
        <source>Rename or remove people...</source>
        <translation>Menschen umbenennen oder entfernen …</translation>
    </message>
    <message>
        <source>Change a person&apos;s name (their score goes with them) or remove them</source>
        <translation>Den Namen einer Person ändern (ihr Punktestand geht mit) oder sie entfernen</translation>
    </message>
    <message>
        <source>Engines</source>
        <translation>Spielprogramme</translation>
    </message>
    <message>
        <source>Gomocup brains of the engine list (Lab &gt; Engines...)</source>
        <translation>Gomocup-Programme aus der Liste der Spielprogramme (Labor &gt; Spielprogramme …)</translation>
    </message>
    <message>
        <source>Easy</source>
        <translation>Leicht</translation>
    </message>
    <message>
        <source>Medium</source>
        <translation>Mittel</translation>
    </message>
    <message>
        <source>Hard</source>
        <translation>Schwer</translation>
    </message>
    <message>
        <source>Strong: may lose</source>
        <translation>Stark: kann verlieren</translation>
    </message>
    <message>
        <source>Strongest: may lose</source>
        <translation>Am stärksten: kann verlieren</translation>
    </message>
    <message>
        <source>Unbeatable: never loses</source>
        <translation>Unschlagbar: verliert nie</translation>
    </message>
    <message>
        <source>Perfect: the first player wins here</source>
        <translation>Perfekt: Hier gewinnt, wer anfängt</translation>
    </message>
    <message>
        <source>Makes mistakes you can catch</source>
        <translation>Macht Fehler, die Sie ausnutzen können</translation>
    </message>
    <message>
        <source>Wins and blocks; can be outwitted</source>
        <translation>Gewinnt und blockiert; lässt sich überlisten</translation>
    </message>
    <message>
        <source>Harder to beat than Medium; can lose</source>
        <translation>Schwerer zu schlagen als Mittel; kann verlieren</translation>
    </message>
    <message>
        <source>Nothing proves that these never lose on this board; each one&apos;s tooltip says how it plays</source>
        <translation>Nichts beweist, dass diese auf diesem Brett nie verlieren; wie jeder spielt, sagt sein Hinweis</translation>
    </message>
    <message>
        <source>Plays perfectly: the best you can get is a draw</source>
        <translation>Spielt perfekt: Mehr als ein Unentschieden ist nicht drin</translation>
    </message>
    <message>
        <source>Plays perfectly: moving first it always wins; moving second it loses only to perfect play</source>
        <translation>Spielt perfekt: Mit dem ersten Zug gewinnt er immer, als Nachziehender verliert er nur gegen perfektes Spiel</translation>
    </message>
    <message>
        <source>{name} plays {mark}</source>
        <translation>{name} spielt {mark}</translation>
    </message>
    <message>
        <source>Rating from its stored games: {rating}</source>
        <translation>Wertung aus den gespeicherten Partien: {rating}</translation>
    </message>
</context>
<context>
    <name>ReplayBar</name>
    <message>
        <source>max speed</source>
        <translation>höchstes Tempo</translation>
    </message>
    <message>
        <source>{seconds} s/move</source>
        <translation>{seconds} s/Zug</translation>
    </message>
    <message>
        <source>{delay} ms/move</source>
        <translation>{delay} ms/Zug</translation>
    </message>
    <message>
        <source>First position</source>
        <translation>Anfangsstellung</translation>
    </message>
    <message>
        <source>One move back</source>
        <translation>Einen Zug zurück</translation>
    </message>
    <message>
        <source>Play</source>
        <translation>Abspielen</translation>
    </message>
    <message>
        <source>One move forward</source>
        <translation>Einen Zug vor</translation>
    </message>
    <message>
        <source>Newest position</source>
        <translation>Neueste Stellung</translation>
    </message>
    <message>
        <source>Live</source>
        <translation>Live</translation>
    </message>
    <message>
        <source>Follow the newest move of the running game</source>
        <translation>Dem neuesten Zug der laufenden Partie folgen</translation>
    </message>
    <message>
        <source>Follow live</source>
        <translation>Live folgen</translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation>Zeitleiste</translation>
    </message>
    <message>
        <source>Speed</source>
        <translation>Tempo</translation>
    </message>
    <message>
        <source>Delay between computer moves</source>
        <translation>Pause zwischen den Zügen des Computers</translation>
    </message>
    <message>
        <source>&amp;Back one move</source>
        <translation>Einen Zug &amp;zurück</translation>
    </message>
    <message>
        <source>&amp;Forward one move</source>
        <translation>Einen Zug &amp;vor</translation>
    </message>
    <message>
        <source>First &amp;position</source>
        <translation>&amp;Anfangsstellung</translation>
    </message>
    <message>
        <source>&amp;Newest position</source>
        <translation>&amp;Neueste Stellung</translation>
    </message>
    <message>
        <source>Play / &amp;pause</source>
        <translation>Abspielen/&amp;Pause</translation>
    </message>
    <message>
        <source>Pause the match between moves</source>
        <translation>Das Match zwischen zwei Zügen anhalten</translation>
    </message>
    <message>
        <source>Resume the match</source>
        <translation>Das Match fortsetzen</translation>
    </message>
    <message>
        <source>Stop the playback</source>
        <translation>Die Wiedergabe anhalten</translation>
    </message>
    <message>
        <source>Play the moves back</source>
        <translation>Die Züge wiedergeben</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>Pause</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>Anfang</translation>
    </message>
    <message>
        <source>No moves</source>
        <translation>Keine Züge</translation>
    </message>
    <message>
        <source>Move {ply} of {last}: {move}</source>
        <translation>Zug {ply} von {last}: {move}</translation>
    </message>
</context>
<context>
    <name>ResultBanner</name>
    <message>
        <source>Result</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <source>Play again</source>
        <translation>Noch einmal</translation>
    </message>
    <message>
        <source>Another game with the same players (Enter)</source>
        <translation>Noch eine Partie mit denselben Spielern (Eingabe)</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Schließen</translation>
    </message>
    <message>
        <source>Hide this to look at the board (Esc)</source>
        <translation>Ausblenden, um das Spielfeld anzusehen (Esc)</translation>
    </message>
</context>
<context>
    <name>ReviewFeatures</name>
    <message>
        <source>Match score</source>
        <translation>Stand des Matches</translation>
    </message>
    <message>
        <source>Moves</source>
        <translation>Züge</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>&amp;Moves and replay in every game</source>
        <translation>&amp;Züge und Wiedergabe in jeder Partie</translation>
    </message>
    <message>
        <source>Show the move list and the replay controls in every game, not only when computers play each other or a game is opened</source>
        <translation>Zugliste und Wiedergabeleiste in jeder Partie zeigen, nicht nur wenn Computer gegeneinander spielen oder eine Partie geöffnet ist</translation>
    </message>
    <message>
        <source>Play on from &amp;here...</source>
        <translation>Von &amp;hier weiterspielen …</translation>
    </message>
    <message>
        <source>&amp;Replay live</source>
        <translation>&amp;Live nachspielen</translation>
    </message>
    <message>
        <source>Play this game again with its computer players and their seeds</source>
        <translation>Diese Partie mit ihren Computerspielern und deren Startwerten noch einmal spielen</translation>
    </message>
    <message>
        <source>&amp;Watch a match...</source>
        <translation>Einem &amp;Match zusehen …</translation>
    </message>
    <message>
        <source>&amp;Stop the match</source>
        <translation>Match a&amp;bbrechen</translation>
    </message>
    <message>
        <source>That was an earlier position: back to the newest one, where you can move.</source>
        <translation>Das war eine frühere Stellung: zurück zur neuesten, in der Sie ziehen können.</translation>
    </message>
    <message>
        <source>Paused between moves: Play (Ctrl+P) resumes, Forward plays one move.</source>
        <translation>Zwischen zwei Zügen angehalten: Abspielen (Strg+P) setzt fort, Vor spielt einen Zug.</translation>
    </message>
    <message>
        <source>Can&apos;t replay this game live</source>
        <translation>Diese Partie lässt sich nicht live nachspielen</translation>
    </message>
    <message>
        <source>Can&apos;t start the match</source>
        <translation>Das Match lässt sich nicht starten</translation>
    </message>
    <message>
        <source>Could not open the game</source>
        <translation>Die Partie konnte nicht geöffnet werden</translation>
    </message>
    <message>
        <source>The clipboard&apos;s game has a computer player this version of TTT Desktop doesn&apos;t have.</source>
        <translation>Die Partie in der Zwischenablage hat einen Computerspieler, den diese Version von TTT Desktop nicht kennt.</translation>
    </message>
    <message>
        <source>The game in “{name}” has a computer player this version of TTT Desktop doesn&apos;t have.</source>
        <translation>Die Partie in „{name}“ hat einen Computerspieler, den diese Version von TTT Desktop nicht kennt.</translation>
    </message>
    <message>
        <source>The current game is unchanged.</source>
        <translation>Die laufende Partie bleibt unverändert.</translation>
    </message>
    <message>
        <source>Pasted a game</source>
        <translation>Partie eingefügt</translation>
    </message>
    <message>
        <source>Opened {file}</source>
        <translation>{file} geöffnet</translation>
    </message>
    <message>
        <source>Saved {file}</source>
        <translation>{file} gespeichert</translation>
    </message>
</context>
<context>
    <name>ReviewPanel</name>
    <message>
        <source>Summary per player</source>
        <translation>Zusammenfassung je Spieler</translation>
    </message>
    <message>
        <source>Moves with their verdicts</source>
        <translation>Züge mit ihrer Bewertung</translation>
    </message>
    <message>
        <source>Try again from here</source>
        <translation>Von hier noch einmal versuchen</translation>
    </message>
    <message>
        <source>Start a game from the position before the first mistake, same players</source>
        <translation>Eine Partie ab der Stellung vor dem ersten Fehler beginnen, mit denselben Spielern</translation>
    </message>
    <message>
        <source>The review of a game appears here when it ends.</source>
        <translation>Die Analyse einer Partie erscheint hier, sobald sie endet.</translation>
    </message>
    <message>
        <source>{number}. {move} - opening stone, placed by {name}</source>
        <translation>{number}. {move} – Eröffnungsstein, gesetzt von {name}</translation>
    </message>
    <message>
        <source>{x} (X) v {o} (O)</source>
        <translation>{x} (X) gegen {o} (O)</translation>
    </message>
    <message>
        <source>{names}: the game so far</source>
        <translation>{names}: die Partie bisher</translation>
    </message>
    <message>
        <source>{names}: a draw</source>
        <translation>{names}: unentschieden</translation>
    </message>
    <message>
        <source>{names}: {winner} won</source>
        <translation>{names}: {winner} hat gewonnen</translation>
    </message>
    <message>
        <source>{number}. {move} - {verdict}</source>
        <translation>{number}. {move} – {verdict}</translation>
    </message>
    <message>
        <source>no moves</source>
        <translation>keine Züge</translation>
    </message>
    <message>
        <source>accuracy {percent}%</source>
        <translation>Genauigkeit {percent}&#xa0;%</translation>
    </message>
    <message numerus="yes">
        <source>%n move(s)</source>
        <translation>
            <numerusform>%n Zug</numerusform>
            <numerusform>%n Züge</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n mistake(s)</source>
        <translation>
            <numerusform>%n Fehler</numerusform>
            <numerusform>%n Fehler</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n move(s) taken back</source>
        <translation>
            <numerusform>%n Zug zurückgenommen</numerusform>
            <numerusform>%n Züge zurückgenommen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n hint(s)</source>
        <translation>
            <numerusform>%n Tipp</numerusform>
            <numerusform>%n Tipps</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Roster</name>
    <message>
        <source>Plays any free cell at random, on any board.</source>
        <translation>Setzt auf ein beliebiges freies Feld, zufällig, auf jedem Spielfeld.</translation>
    </message>
    <message>
        <source>Plays a scripted list of cells in order, on any board; for tests and replays.</source>
        <translation>Setzt der Reihe nach auf die Felder einer vorgegebenen Liste, auf jedem Spielfeld; für Tests und Wiederholungen.</translation>
    </message>
    <message>
        <source>Takes a winning cell, else blocks yours, else plays at random; on any board.</source>
        <translation>Nimmt ein Gewinnfeld, sonst blockiert es Ihres, sonst zieht es zufällig; auf jedem Spielfeld.</translation>
    </message>
    <message>
        <source>Wins or blocks, else tallies wins and losses some moves ahead, near stones on big boards.</source>
        <translation>Gewinnt oder blockiert, sonst zählt er Gewinne und Verluste wenige Züge voraus, auf großen Feldern nahe den Steinen.</translation>
    </message>
    <message>
        <source>Wins, blocks, else a random corner, the centre, a random side; on any board.</source>
        <translation>Gewinnt, blockiert, sonst eine zufällige Ecke, die Mitte, eine zufällige Seite; auf jedem Spielfeld.</translation>
    </message>
    <message>
        <source>Wins or blocks, else the cell whose lines of k hold most promise; on any board.</source>
        <translation>Gewinnt oder blockiert, sonst das Feld mit den aussichtsreichsten Reihen der Länge k; auf jedem Spielfeld.</translation>
    </message>
    <message>
        <source>Tabular reinforcement learner trained by self-play; tic-tac-toe only.</source>
        <translation>Lernt mit einer Tabelle durch Verstärkung, trainiert im Spiel gegen sich selbst; nur Tic-Tac-Toe.</translation>
    </message>
    <message>
        <source>Learns by self-play: a network of line patterns trained by temporal differences; wins, blocks, else the move its network values most. Plays the boards of the k its network learnt; the Lab trains it for any board.</source>
        <translation>Lernt im Spiel gegen sich selbst: ein Netz aus Linienmustern, trainiert mit zeitlichen Differenzen; gewinnt, blockiert, sonst der Zug, den sein Netz am höchsten bewertet. Spielt die Bretter des k, das sein Netz gelernt hat; das Labor trainiert es für jedes Brett.</translation>
    </message>
    <message>
        <source>Monte Carlo tree search: plays thousands of random games from the position, favours the moves that win most and proves wins and losses it can see to the end; on any board.</source>
        <translation>Monte-Carlo-Baumsuche: spielt Tausende Zufallspartien aus der Stellung, bevorzugt die Züge, die am häufigsten gewinnen, und beweist Siege und Niederlagen, die sie bis zum Ende überblickt; auf jedem Brett.</translation>
    </message>
    <message>
        <source>Newell and Simon&apos;s eight rules (win, block, forks, centre, corners, sides); any board.</source>
        <translation>Die acht Regeln von Newell und Simon (gewinnen, blockieren, Gabeln, Mitte, Ecken, Seiten); jedes Spielfeld.</translation>
    </message>
    <message>
        <source>Plain minimax: the whole tree on tic-tac-toe, a few moves deep elsewhere; any board.</source>
        <translation>Einfaches Minimax: ganzer Spielbaum bei Tic-Tac-Toe, sonst wenige Züge tief; jedes Spielfeld.</translation>
    </message>
    <message>
        <source>Minimax with alpha-beta pruning: whole tree on tic-tac-toe, deeper elsewhere; any board.</source>
        <translation>Minimax mit Alpha-Beta-Suche: ganzer Spielbaum bei Tic-Tac-Toe, sonst tiefer; jedes Spielfeld.</translation>
    </message>
    <message>
        <source>Plays the solved game: never lets a win or a draw go; on tic-tac-toe it wins as fast and loses as slowly as possible.</source>
        <translation>Spielt das gelöste Spiel: gibt nie einen Gewinn oder ein Unentschieden aus der Hand; bei Tic-Tac-Toe gewinnt er so schnell und verliert so langsam wie möglich.</translation>
    </message>
    <message>
        <source>Perfect where the game is solved, else a forced win when the threat search proves one, else the Searcher; on any board.</source>
        <translation>Perfect, wo das Spiel gelöst ist, sonst ein erzwungener Gewinn, wenn die Drohungssuche einen beweist, sonst der Searcher; auf jedem Brett.</translation>
    </message>
    <message>
        <source>Searches ahead with iterative-deepening alpha-beta, threat-first, for a second a move; on any board.</source>
        <translation>Sucht mit iterativ vertiefter Alpha-Beta-Suche voraus, Drohungen zuerst, eine Sekunde je Zug; auf jedem Brett.</translation>
    </message>
</context>
<context>
    <name>Rules</name>
    <message>
        <source>Tic-tac-toe</source>
        <translation>Tic-Tac-Toe</translation>
    </message>
    <message>
        <source>Gomoku 15x15</source>
        <translation>Gomoku 15×15</translation>
    </message>
    <message>
        <source>Renju {m}x{n}</source>
        <translation>Renju {m}x{n}</translation>
    </message>
    <message>
        <source>Caro {m}x{n}</source>
        <translation>Caro {m}x{n}</translation>
    </message>
    <message>
        <source>{m}x{n}, exactly {k} in a row</source>
        <translation>{m}×{n}, genau {k} in einer Reihe</translation>
    </message>
    <message>
        <source>{m}x{n}, {k} in a row</source>
        <translation>{m}×{n}, {k} in einer Reihe</translation>
    </message>
    <message>
        <source>an overline (six or more in a row)</source>
        <translation>eine Überlänge (sechs oder mehr in einer Reihe)</translation>
    </message>
    <message>
        <source>a double-four (two fours at once)</source>
        <translation>ein Doppelvierer (zwei Vierer auf einmal)</translation>
    </message>
    <message>
        <source>a double-three (two open threes at once)</source>
        <translation>ein Doppeldreier (zwei offene Dreier auf einmal)</translation>
    </message>
    <message>
        <source>forbidden for black: {reason}</source>
        <translation>für Schwarz verboten: {reason}</translation>
    </message>
    <message>
        <source>Swap</source>
        <translation>Swap</translation>
    </message>
    <message>
        <source>Swap2</source>
        <translation>Swap2</translation>
    </message>
    <message>
        <source>the responder placed two stones</source>
        <translation>der Antwortende hat zwei Steine gesetzt</translation>
    </message>
    <message>
        <source>the responder chose black</source>
        <translation>der Antwortende hat Schwarz gewählt</translation>
    </message>
    <message>
        <source>the opener chose black</source>
        <translation>der Eröffnende hat Schwarz gewählt</translation>
    </message>
    <message>
        <source>the responder chose white</source>
        <translation>der Antwortende hat Weiß gewählt</translation>
    </message>
    <message>
        <source>the opener chose white</source>
        <translation>der Eröffnende hat Weiß gewählt</translation>
    </message>
    <message>
        <source>{rule}: no choice yet</source>
        <translation>{rule}: noch keine Wahl</translation>
    </message>
    <message>
        <source>{rule}: {choices}</source>
        <translation>{rule}: {choices}</translation>
    </message>
</context>
<context>
    <name>SearchTreeExplorer</name>
    <message>
        <source>The search tree is for tic-tac-toe only. Minimax and alpha-beta are compared here over every position to the end of the game, and on {board} that tree is far too large to search.</source>
        <translation>Der Suchbaum ist nur für Tic-Tac-Toe da. Minimax und Alpha-Beta werden hier über jede Stellung bis zum Ende der Partie verglichen, und auf {board} ist dieser Baum viel zu groß, um ihn zu durchsuchen.</translation>
    </message>
    <message>
        <source>Search tree</source>
        <translation>Suchbaum</translation>
    </message>
    <message>
        <source>Search algorithm</source>
        <translation>Suchverfahren</translation>
    </message>
    <message>
        <source>AlphaBeta</source>
        <translation>AlphaBeta</translation>
    </message>
    <message>
        <source>MiniMax</source>
        <translation>MiniMax</translation>
    </message>
    <message>
        <source>Comparing the searches...</source>
        <translation>Die Suchen werden verglichen …</translation>
    </message>
    <message>
        <source>Comparison of the two searches</source>
        <translation>Vergleich der beiden Suchen</translation>
    </message>
    <message>
        <source>Move</source>
        <translation>Zug</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Wert</translation>
    </message>
    <message>
        <source>Alpha</source>
        <translation>Alpha</translation>
    </message>
    <message>
        <source>Beta</source>
        <translation>Beta</translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation>Knoten</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>Anmerkung</translation>
    </message>
    <message>
        <source>Algorithm:</source>
        <translation>Verfahren:</translation>
    </message>
    <message>
        <source>{mark} to move, {empty} empty cells</source>
        <translation>{mark} am Zug, {empty} freie Felder</translation>
    </message>
    <message>
        <source>Values are from {mark}&apos;s side ({mark} to move at the top): above 0 {mark} wins, the sooner the higher; 0 a draw; below 0 {mark} loses.</source>
        <translation>Die Werte gelten aus Sicht von {mark} ({mark} ist oben am Zug): über 0 gewinnt {mark}, je früher, desto höher; 0 ist ein Unentschieden; unter 0 verliert {mark}.</translation>
    </message>
    <message>
        <source>Value for {mark}</source>
        <translation>Wert für {mark}</translation>
    </message>
    <message>
        <source>The game is over: there is nothing to search.</source>
        <translation>Die Partie ist vorbei: Es gibt nichts zu durchsuchen.</translation>
    </message>
    <message>
        <source>thinking...</source>
        <translation>denkt nach …</translation>
    </message>
    <message>
        <source>The search failed: {message}</source>
        <translation>Die Suche ist fehlgeschlagen: {message}</translation>
    </message>
    <message>
        <source>alpha-beta visited {share}% of minimax&apos;s {minimax} nodes ({alphabeta} nodes, {cutoffs} moves cut off)</source>
        <translation>Alpha-Beta besuchte {share}&#xa0;% der {minimax} Knoten von Minimax ({alphabeta} Knoten, {cutoffs} Züge abgeschnitten)</translation>
    </message>
    <message>
        <source>cut off: hid {nodes} nodes</source>
        <translation>abgeschnitten: {nodes} Knoten ausgelassen</translation>
    </message>
    <message>
        <source>game over</source>
        <translation>Partie beendet</translation>
    </message>
</context>
<context>
    <name>ShortcutsDialog</name>
    <message>
        <source>Play the cell in that place on a numeric keypad (7 is top left)</source>
        <translation>Auf das Feld an dieser Stelle des Ziffernblocks setzen (7 ist oben links)</translation>
    </message>
    <message>
        <source>Move the dashed cursor</source>
        <translation>Den gestrichelten Rahmen bewegen</translation>
    </message>
    <message>
        <source>Play the cell under the cursor</source>
        <translation>Auf das Feld unter dem Rahmen setzen</translation>
    </message>
    <message>
        <source>Elsewhere in the window</source>
        <translation>Sonst im Fenster</translation>
    </message>
    <message>
        <source>On the board</source>
        <translation>Auf dem Spielfeld</translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>Tastenkürzel</translation>
    </message>
    <message>
        <source>Find a shortcut</source>
        <translation>Tastenkürzel suchen</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>Aktion</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>Tasten</translation>
    </message>
    <message>
        <source>Play a cell of a bigger board by its name, as its edges show it (Backspace takes back a character, Escape forgets the name)</source>
        <translation>Auf ein Feld eines größeren Spielfelds setzen, mit seinem Namen wie am Rand (die Rücktaste nimmt ein Zeichen zurück, Escape vergisst den Namen)</translation>
    </message>
    <message>
        <source>its letter, then its number ({first} … {last})</source>
        <translation>sein Buchstabe, dann seine Zahl ({first} … {last})</translation>
    </message>
</context>
<context>
    <name>SoundFeatures</name>
    <message>
        <source>&amp;Sound</source>
        <translation>&amp;Töne</translation>
    </message>
    <message>
        <source>A sound for each move and for the end of a game</source>
        <translation>Ein Ton bei jedem Zug und am Ende einer Partie</translation>
    </message>
    <message>
        <source>Sound &amp;volume</source>
        <translation>&amp;Lautstärke</translation>
    </message>
    <message>
        <source>&amp;Quiet</source>
        <translation>&amp;Leise</translation>
    </message>
    <message>
        <source>&amp;Medium</source>
        <translation>&amp;Mittel</translation>
    </message>
    <message>
        <source>&amp;Loud</source>
        <translation>L&amp;aut</translation>
    </message>
</context>
<context>
    <name>Thinking</name>
    <message>
        <source>{mark}:{score}</source>
        <translation>{mark}:{score}</translation>
    </message>
    <message>
        <source>{player} ({mark}) rated this before its move: {description}</source>
        <translation>{player} ({mark}) bewertete vor seinem Zug: {description}</translation>
    </message>
    <message>
        <source>{player} thinks {description}</source>
        <translation>{player} meint: {description}</translation>
    </message>
    <message>
        <source>{player} would play here</source>
        <translation>{player} würde hier setzen</translation>
    </message>
    <message>
        <source>{first} and {last}</source>
        <translation>{first} und {last}</translation>
    </message>
    <message>
        <source>win: {mark} completes {lines}</source>
        <translation>Gewinn – {mark} vollendet {lines}</translation>
    </message>
    <message>
        <source>block: {mark} threatens {lines}</source>
        <translation>Blockieren – {mark} droht mit {lines}</translation>
    </message>
    <message>
        <source>fork: two threats at once, on {lines}</source>
        <translation>Gabel – zwei Drohungen zugleich, auf {lines}</translation>
    </message>
    <message>
        <source>block a fork: {mark} could fork on {cells}</source>
        <translation>Gabel verhindern – {mark} könnte auf {cells} eine Gabel bilden</translation>
    </message>
    <message>
        <source>centre: the middle cell is free</source>
        <translation>Mitte – das mittlere Feld ist frei</translation>
    </message>
    <message>
        <source>opposite corner: across from a corner {mark} holds</source>
        <translation>Gegenüberliegende Ecke – gegenüber einer Ecke von {mark}</translation>
    </message>
    <message>
        <source>corner: a free corner ({cells})</source>
        <translation>Ecke – eine freie Ecke ({cells})</translation>
    </message>
    <message>
        <source>side: a free side ({cells})</source>
        <translation>Seite – ein freies Seitenfeld ({cells})</translation>
    </message>
    <message>
        <source>at random among the free cells</source>
        <translation>zufällig unter den freien Feldern</translation>
    </message>
    <message>
        <source>the most useful cell: the highest sum of line utilities</source>
        <translation>das nützlichste Feld: die höchste Summe der Reihennutzen</translation>
    </message>
    <message>
        <source>the largest tally of wins and losses ahead, in absolute value</source>
        <translation>die betragsmäßig größte Bilanz aus Gewinnen und Verlusten in der Vorausschau</translation>
    </message>
    <message>
        <source>every tally is zero: any free cell</source>
        <translation>jede Bilanz ist null: ein beliebiges freies Feld</translation>
    </message>
    <message>
        <source>the best value in the learned table</source>
        <translation>der beste Wert in der gelernten Tabelle</translation>
    </message>
    <message>
        <source>the next cell of its script</source>
        <translation>das nächste Feld seiner Liste</translation>
    </message>
    <message>
        <source>a best move of the solved game</source>
        <translation>ein bester Zug des gelösten Spiels</translation>
    </message>
    <message>
        <source>a win in {plies}, proven by a search {depth} moves deep</source>
        <translation>ein Gewinn in {plies}, bewiesen von einer Suche {depth} Züge tief</translation>
    </message>
    <message>
        <source>the best of a search {depth} moves deep: a proven loss in {plies}</source>
        <translation>das Beste einer Suche {depth} Züge tief: ein bewiesener Verlust in {plies}</translation>
    </message>
    <message>
        <source>a win in {plies}, proven by a deepening search</source>
        <translation>ein Gewinn in {plies}, bewiesen von einer vertiefenden Suche</translation>
    </message>
    <message>
        <source>the best a deepening search found: a proven loss in {plies}</source>
        <translation>das Beste, das eine vertiefende Suche fand: ein bewiesener Verlust in {plies}</translation>
    </message>
    <message>
        <source>the best value of a search {depth} moves deep, rated by line utility</source>
        <translation>der beste Wert einer Suche {depth} Züge tief, bewertet nach Reihennutzen</translation>
    </message>
    <message>
        <source>the best value of a search to the end of the game</source>
        <translation>der beste Wert einer Suche bis zum Ende der Partie</translation>
    </message>
    <message>
        <source>the best move a deepening search found in its time: the best found, not proven</source>
        <translation>der beste Zug, den eine vertiefende Suche in ihrer Zeit fand: der beste gefundene, nicht bewiesen</translation>
    </message>
    <message>
        <source>the cell most visited by random games played to the end</source>
        <translation>das Feld, durch das die meisten zu Ende gespielten Zufallspartien gingen</translation>
    </message>
    <message>
        <source>a forced win found by threat search: proven, whatever {mark} plays</source>
        <translation>ein erzwungener Gewinn aus der Drohungssuche: bewiesen, was {mark} auch spielt</translation>
    </message>
    <message>
        <source>At the horizon {scored} more moves were valued from the evaluation without being played.</source>
        <translation>Am Horizont wurden {scored} weitere Züge aus der Bewertung beurteilt, ohne gespielt zu werden.</translation>
    </message>
    <message>
        <source>The other scores are not proven: the search&apos;s estimates or bounds.</source>
        <translation>Die übrigen Bewertungen sind nicht bewiesen: Schätzungen oder Schranken der Suche.</translation>
    </message>
    <message>
        <source>Win rates of Monte Carlo tree search: how often the side to move won the random games through the cell (draws count a half), with how many games went through it.</source>
        <translation>Gewinnquoten der Monte-Carlo-Baumsuche: wie oft die Seite am Zug die Zufallspartien durch das Feld gewann (Unentschieden zählen halb), und wie viele Partien hindurchgingen.</translation>
    </message>
    <message>
        <source>{percent}%</source>
        <translation>{percent} %</translation>
    </message>
    <message>
        <source>cell {cell}: won {percent}% of 1 random game</source>
        <translation>Feld {cell}: {percent} % von 1 Zufallspartie gewonnen</translation>
    </message>
    <message>
        <source>cell {cell}: won {percent}% of {visits} random games</source>
        <translation>Feld {cell}: {percent} % von {visits} Zufallspartien gewonnen</translation>
    </message>
    <message>
        <source>cell {cell}: proven win in {plies}</source>
        <translation>Feld {cell}: bewiesener Gewinn in {plies}</translation>
    </message>
    <message>
        <source>cell {cell}: proven loss in {plies}</source>
        <translation>Feld {cell}: bewiesener Verlust in {plies}</translation>
    </message>
    <message>
        <source>cell {cell}: evaluation at most {score}</source>
        <translation>Feld {cell}: Bewertung höchstens {score}</translation>
    </message>
    <message>
        <source>cell {cell}: evaluation at least {score}</source>
        <translation>Feld {cell}: Bewertung mindestens {score}</translation>
    </message>
    <message>
        <source>cell {cell}: evaluation {score}</source>
        <translation>Feld {cell}: Bewertung {score}</translation>
    </message>
    <message>
        <source>{positions}, {deep}.</source>
        <translation>{positions}, {deep}.</translation>
    </message>
    <message>
        <source>its own reasons</source>
        <translation>eigene Gründe</translation>
    </message>
    <message>
        <source>No scores: this player does not rate cells.</source>
        <translation>Keine Bewertungen: Dieser Spieler bewertet keine Felder.</translation>
    </message>
    <message>
        <source>Minimax values: 1 + the empty cells left for a win, minus that for a loss, 0 for a draw.</source>
        <translation>Minimax-Werte: 1 + die verbleibenden freien Felder für einen Gewinn, dasselbe negativ für einen Verlust, 0 für ein Unentschieden.</translation>
    </message>
    <message>
        <source>Alpha-beta values on the minimax scale; ≤ marks a bound: that move is no better.</source>
        <translation>Alpha-Beta-Werte auf der Minimax-Skala; ≤ markiert eine Schranke: Dieser Zug ist nicht besser.</translation>
    </message>
    <message>
        <source>Line utilities: the sum over the lines through the cell.</source>
        <translation>Reihennutzen: die Summe über die Reihen durch das Feld.</translation>
    </message>
    <message>
        <source>Ralph&apos;s tallies: wins completed on the cell minus losses, nearer first.</source>
        <translation>Ralphs Bilanzen: auf dem Feld vollendete Gewinne minus Verluste, nähere zuerst.</translation>
    </message>
    <message>
        <source>Learned values, from -1 (lost) to 1 (won).</source>
        <translation>Gelernte Werte, von -1 (verloren) bis 1 (gewonnen).</translation>
    </message>
    <message>
        <source>Exact values from the solved game, with the moves to the end.</source>
        <translation>Exakte Werte aus dem gelösten Spiel, mit den Zügen bis zum Ende.</translation>
    </message>
    <message>
        <source>W{plies}</source>
        <translation>S{plies}</translation>
    </message>
    <message>
        <source>L{plies}</source>
        <translation>N{plies}</translation>
    </message>
    <message>
        <source>{thousands}k</source>
        <translation>{thousands} T</translation>
    </message>
    <message>
        <source>at most {plies}</source>
        <translation>höchstens {plies}</translation>
    </message>
    <message>
        <source>Evaluations of a search cut off at its depth, for the side to move: above 0 is good for it; W or L with the moves marks a win or loss the search proved, ≤W or ≥L a bound that proves nothing (no better than that win, no worse than that loss).</source>
        <translation>Bewertungen einer an ihrer Tiefe abgebrochenen Suche, für die Seite am Zug: über 0 ist gut für sie; S oder N mit den Zügen kennzeichnet einen Sieg oder eine Niederlage, die die Suche bewiesen hat, ≤S oder ≥N eine Schranke, die nichts beweist (nicht besser als dieser Sieg, nicht schlechter als diese Niederlage).</translation>
    </message>
    <message>
        <source>D</source>
        <translation>U</translation>
    </message>
    <message>
        <source>cell {cell}: proven win in at most {plies}</source>
        <translation>Feld {cell}: bewiesener Gewinn in höchstens {plies}</translation>
    </message>
    <message>
        <source>cell {cell}: proven loss in at most {plies}</source>
        <translation>Feld {cell}: bewiesener Verlust in höchstens {plies}</translation>
    </message>
    <message>
        <source>cell {cell}: no better than a win in {plies}, not proven</source>
        <translation>Feld {cell}: nicht besser als ein Gewinn in {plies}, nicht bewiesen</translation>
    </message>
    <message>
        <source>cell {cell}: no worse than a loss in {plies}, not proven</source>
        <translation>Feld {cell}: nicht schlechter als ein Verlust in {plies}, nicht bewiesen</translation>
    </message>
    <message>
        <source>cell {cell}: wins in {plies}</source>
        <translation>Feld {cell}: gewinnt in {plies}</translation>
    </message>
    <message>
        <source>cell {cell}: loses in {plies}</source>
        <translation>Feld {cell}: verliert in {plies}</translation>
    </message>
    <message>
        <source>cell {cell}: draw</source>
        <translation>Feld {cell}: unentschieden</translation>
    </message>
    <message>
        <source>cell {cell}: at most {score}</source>
        <translation>Feld {cell}: höchstens {score}</translation>
    </message>
    <message>
        <source>cell {cell}: {score}</source>
        <translation>Feld {cell}: {score}</translation>
    </message>
    <message>
        <source>{name} ({mark}) would play {cell}: {why}</source>
        <translation>{name} ({mark}) würde auf {cell} setzen: {why}</translation>
    </message>
    <message>
        <source>{name} ({mark}) played {cell}: {why}</source>
        <translation>{name} ({mark}) hat auf {cell} gesetzt: {why}</translation>
    </message>
    <message>
        <source>Chosen at random among {cells}.</source>
        <translation>Zufällig gewählt unter {cells}.</translation>
    </message>
    <message>
        <source>Scores: {scores}.</source>
        <translation>Bewertungen: {scores}.</translation>
    </message>
    <message>
        <source>{games} random games played to the end.</source>
        <translation>{games} Zufallspartien zu Ende gespielt.</translation>
    </message>
    <message>
        <source>{cutoffs} moves cut off unsearched.</source>
        <translation>{cutoffs} Züge ungeprüft abgeschnitten.</translation>
    </message>
    <message>
        <source>Expected line: {moves}.</source>
        <translation>Erwartete Zugfolge: {moves}.</translation>
    </message>
    <message>
        <source>It said: {messages}</source>
        <translation>Es sagte: {messages}</translation>
    </message>
    <message>
        <source>Thought for {ms} ms.</source>
        <translation>{ms} ms nachgedacht.</translation>
    </message>
    <message numerus="yes">
        <source>%Ln position(s) searched</source>
        <translation>
            <numerusform>%Ln Stellung durchsucht</numerusform>
            <numerusform>%Ln Stellungen durchsucht</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n move(s) deep</source>
        <translation>
            <numerusform>%n Zug tief</numerusform>
            <numerusform>%n Züge tief</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n more cell(s) scored: see the board.</source>
        <translation>
            <numerusform>%n weiteres Feld bewertet: siehe das Brett.</numerusform>
            <numerusform>%n weitere Felder bewertet: siehe das Brett.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Cell(s) proven won: {cells}.</source>
        <translation>
            <numerusform>Bewiesen gewonnenes Feld: {cells}.</numerusform>
            <numerusform>Bewiesen gewonnene Felder: {cells}.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Cell(s) proven lost: {cells}.</source>
        <translation>
            <numerusform>Bewiesen verlorenes Feld: {cells}.</numerusform>
            <numerusform>Bewiesen verlorene Felder: {cells}.</numerusform>
        </translation>
    </message>
    <message>
        <source>It counts x,y from 0 at the top-left: its move {xy} is {cell} here, and this board&apos;s name follows each x,y it said, in brackets.</source>
        <translation>Es zählt x,y ab 0 von oben links: sein Zug {xy} ist hier {cell}, und nach jedem x,y, das es nennt, steht in Klammern der Name dieses Bretts.</translation>
    </message>
    <message>
        <source>It counts x,y from 0 at the top-left: its move {xy} is {cell} here.</source>
        <translation>Es zählt x,y ab 0 von oben links: sein Zug {xy} ist hier {cell}.</translation>
    </message>
    <message>
        <source>Names such as {name} in its words are its own notation, which may not be this board&apos;s.</source>
        <translation>Namen wie {name} in seinen Worten sind in seiner eigenen Schreibweise, die nicht die dieses Bretts sein muss.</translation>
    </message>
</context>
<context>
    <name>ThinkingDock</name>
    <message>
        <source>Thinking</source>
        <translation>Denken</translation>
    </message>
</context>
<context>
    <name>ThinkingPanel</name>
    <message>
        <source>No computer has moved yet.</source>
        <translation>Noch hat kein Computer gezogen.</translation>
    </message>
    <message>
        <source>What the computer thought</source>
        <translation>Was der Computer dachte</translation>
    </message>
    <message>
        <source>Figures of the thought</source>
        <translation>Kennzahlen des Denkens</translation>
    </message>
    <message>
        <source>Computer to ask</source>
        <translation>Zu befragender Computer</translation>
    </message>
    <message>
        <source>Show scores on the board</source>
        <translation>Bewertungen auf dem Spielfeld zeigen</translation>
    </message>
    <message>
        <source>Scores on the board</source>
        <translation>Bewertungen auf dem Spielfeld</translation>
    </message>
    <message>
        <source>Ask {name} about this position</source>
        <translation>{name} zu dieser Stellung befragen</translation>
    </message>
    <message>
        <source>{name} does not play {board}</source>
        <translation>{name} spielt nicht {board}</translation>
    </message>
    <message numerus="yes">
        <source>%n scored cell(s) on the board are too small to write the score in: a dot there marks a scored cell. Zoom in (View &gt; Zoom in) to read the scores.</source>
        <translation>
            <numerusform>%n bewertetes Feld auf dem Spielfeld ist zu klein für die Bewertung: ein Punkt markiert dort ein bewertetes Feld. Vergrößern Sie (Ansicht &gt; Vergrößern), um die Bewertungen zu lesen.</numerusform>
            <numerusform>%n bewertete Felder auf dem Spielfeld sind zu klein für die Bewertung: ein Punkt markiert dort ein bewertetes Feld. Vergrößern Sie (Ansicht &gt; Vergrößern), um die Bewertungen zu lesen.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TournamentWindow</name>
    <message>
        <source>Tournament</source>
        <translation>Turnier</translation>
    </message>
    <message>
        <source>Set-up</source>
        <translation>Einrichtung</translation>
    </message>
    <message>
        <source>Board</source>
        <translation>Spielfeld</translation>
    </message>
    <message>
        <source>The board every game of the tournament is played on</source>
        <translation>Das Spielfeld, auf dem jede Partie des Turniers gespielt wird</translation>
    </message>
    <message>
        <source>&amp;Board:</source>
        <translation>Spie&amp;lfeld:</translation>
    </message>
    <message>
        <source> ms</source>
        <translation> ms</translation>
    </message>
    <message>
        <source>Time a move</source>
        <translation>Zeit pro Zug</translation>
    </message>
    <message>
        <source>Time a &amp;move:</source>
        <translation>Zeit pro &amp;Zug:</translation>
    </message>
    <message>
        <source>Players (tick them; seeds: how many of each kind)</source>
        <translation>Spieler (ankreuzen; Startwerte: wie viele von jeder Art)</translation>
    </message>
    <message>
        <source>Players</source>
        <translation>Spieler</translation>
    </message>
    <message>
        <source>Player</source>
        <translation>Spieler</translation>
    </message>
    <message>
        <source>Seeds</source>
        <translation>Startwerte</translation>
    </message>
    <message>
        <source>Seeds of {name}</source>
        <translation>Startwerte von {name}</translation>
    </message>
    <message>
        <source>Round robin: everyone meets everyone</source>
        <translation>Rundenturnier: Jeder gegen jeden</translation>
    </message>
    <message>
        <source>Gauntlet: one against the field</source>
        <translation>Spießrutenlauf: einer gegen alle</translation>
    </message>
    <message>
        <source>&amp;Format:</source>
        <translation>&amp;Modus:</translation>
    </message>
    <message>
        <source>&amp;Challenger:</source>
        <translation>&amp;Herausforderer:</translation>
    </message>
    <message>
        <source>The two players take turns at X, who moves first</source>
        <translation>Die beiden Spieler wechseln sich mit X ab, das zuerst zieht</translation>
    </message>
    <message>
        <source>&amp;Games per pairing:</source>
        <translation>&amp;Partien je Paarung:</translation>
    </message>
    <message>
        <source>The same seed plays the same games</source>
        <translation>Derselbe Startwert spielt dieselben Partien</translation>
    </message>
    <message>
        <source>S&amp;eed:</source>
        <translation>Start&amp;wert:</translation>
    </message>
    <message>
        <source>Worker processes; the games are the same for any number</source>
        <translation>Arbeitsprozesse; die Partien sind bei jeder Anzahl dieselben</translation>
    </message>
    <message>
        <source>&amp;Worker processes:</source>
        <translation>&amp;Arbeitsprozesse:</translation>
    </message>
    <message>
        <source>this computer</source>
        <translation>dieser Rechner</translation>
    </message>
    <message>
        <source>A Dask scheduler&apos;s address (tls://host:8786, with the certificates below) plays the games on its workers; empty: worker processes on this computer</source>
        <translation>Die Adresse eines Dask-Schedulers (tls://host:8786, mit den Zertifikaten darunter) spielt die Partien auf seinen Workern; leer: Arbeitsprozesse auf diesem Rechner</translation>
    </message>
    <message>
        <source>Sc&amp;heduler:</source>
        <translation>Ablauf&amp;planer:</translation>
    </message>
    <message>
        <source>TLS authority:</source>
        <translation>TLS-Zertifizierungsstelle:</translation>
    </message>
    <message>
        <source>The certificate authority (ca.pem)</source>
        <translation>Die Zertifizierungsstelle (ca.pem)</translation>
    </message>
    <message>
        <source>TLS certificate:</source>
        <translation>TLS-Zertifikat:</translation>
    </message>
    <message>
        <source>This computer&apos;s certificate</source>
        <translation>Das Zertifikat dieses Rechners</translation>
    </message>
    <message>
        <source>TLS key:</source>
        <translation>TLS-Schlüssel:</translation>
    </message>
    <message>
        <source>This computer&apos;s private key</source>
        <translation>Der private Schlüssel dieses Rechners</translation>
    </message>
    <message>
        <source> (ttt-arena cluster-certs makes them)</source>
        <translation> (ttt-arena cluster-certs erzeugt sie)</translation>
    </message>
    <message>
        <source>a .pem file</source>
        <translation>eine .pem-Datei</translation>
    </message>
    <message>
        <source>Browse...</source>
        <translation>Durchsuchen...</translation>
    </message>
    <message>
        <source>Free</source>
        <translation>Frei</translation>
    </message>
    <message>
        <source>Swap</source>
        <translation>Swap</translation>
    </message>
    <message>
        <source>Swap2</source>
        <translation>Swap2</translation>
    </message>
    <message>
        <source>Opening &amp;rule:</source>
        <translation>Eröffnungs&amp;regel:</translation>
    </message>
    <message>
        <source>&amp;Start</source>
        <translation>&amp;Starten</translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>&amp;Abbrechen</translation>
    </message>
    <message>
        <source>Finish games in &amp;progress, then stop</source>
        <translation>Laufende Partien &amp;beenden, dann anhalten</translation>
    </message>
    <message>
        <source>Res&amp;ume...</source>
        <translation>&amp;Fortsetzen...</translation>
    </message>
    <message>
        <source>Carry on a stopped tournament of the game library: only its missing games</source>
        <translation>Ein angehaltenes Turnier der Partienbibliothek fortsetzen: nur seine fehlenden Partien</translation>
    </message>
    <message>
        <source>Games played</source>
        <translation>Gespielte Partien</translation>
    </message>
    <message>
        <source>Pick at least two players and press Start.</source>
        <translation>Wählen Sie mindestens zwei Spieler und drücken Sie „Starten“.</translation>
    </message>
    <message>
        <source>Tournament progress</source>
        <translation>Turnierfortschritt</translation>
    </message>
    <message>
        <source>Time a move of {name}</source>
        <translation>Zeit pro Zug von {name}</translation>
    </message>
    <message>
        <source>The brain&apos;s time for each move in this tournament (its time per move in Lab &gt; Engines... at first); a brain over it loses the game</source>
        <translation>Die Zeit des Brains für jeden Zug in diesem Turnier (zu Beginn seine Zeit pro Zug aus Labor &gt; Spielprogramme …); ein Brain, das sie überschreitet, verliert die Partie</translation>
    </message>
    <message>
        <source>Board of the results</source>
        <translation>Spielfeld der Ergebnisse</translation>
    </message>
    <message>
        <source>Standings</source>
        <translation>Tabelle</translation>
    </message>
    <message>
        <source>Place</source>
        <translation>Platz</translation>
    </message>
    <message>
        <source>Points</source>
        <translation>Punkte</translation>
    </message>
    <message>
        <source>Won</source>
        <translation>Gewonnen</translation>
    </message>
    <message>
        <source>Drawn</source>
        <translation>Unentschieden</translation>
    </message>
    <message>
        <source>Lost</source>
        <translation>Verloren</translation>
    </message>
    <message>
        <source>Rating</source>
        <translation>Wertung</translation>
    </message>
    <message>
        <source>Ratings (1500 at the start; bars: two standard deviations)</source>
        <translation>Wertungen (1500 zu Beginn; Balken: zwei Standardabweichungen)</translation>
    </message>
    <message>
        <source>S&amp;tandings</source>
        <translation>&amp;Tabelle</translation>
    </message>
    <message>
        <source>Crosstable</source>
        <translation>Kreuztabelle</translation>
    </message>
    <message>
        <source>The row player&apos;s wins-draws-losses against the column player</source>
        <translation>Siege–Unentschieden–Niederlagen des Zeilenspielers gegen den Spaltenspieler</translation>
    </message>
    <message>
        <source>C&amp;rosstable</source>
        <translation>&amp;Kreuztabelle</translation>
    </message>
    <message>
        <source>Games</source>
        <translation>Partien</translation>
    </message>
    <message>
        <source>&amp;Open in review</source>
        <translation>In der &amp;Analyse öffnen</translation>
    </message>
    <message>
        <source>&amp;Games</source>
        <translation>&amp;Partien</translation>
    </message>
    <message>
        <source>Export standings (CSV)...</source>
        <translation>Tabelle exportieren (CSV) …</translation>
    </message>
    <message>
        <source>Export games (CSV)...</source>
        <translation>Partien exportieren (CSV) …</translation>
    </message>
    <message>
        <source>Export all (JSON)...</source>
        <translation>Alles exportieren (JSON) …</translation>
    </message>
    <message>
        <source>Store in the game library</source>
        <translation>In der Partienbibliothek speichern</translation>
    </message>
    <message>
        <source>Tic-tac-toe&apos;s games are played without a clock</source>
        <translation>Partien Tic-Tac-Toe werden ohne Uhr gespielt</translation>
    </message>
    <message>
        <source>How long a searching player thinks about each move; a player far over its time loses on time</source>
        <translation>Wie lange ein suchender Spieler über jeden Zug nachdenkt; wer seine Zeit weit überschreitet, verliert durch Zeitüberschreitung</translation>
    </message>
    <message>
        <source>{name} plays only the boards solved exactly (up to 4x4 and 5x4 with four in a row), not {board}</source>
        <translation>{name} spielt nur die exakt gelösten Spielfelder (bis 4×4 und 5×4 mit vier in einer Reihe), nicht {board}</translation>
    </message>
    <message>
        <source>{name} plays only tic-tac-toe, not {board}</source>
        <translation>{name} spielt nur Tic-Tac-Toe, nicht {board}</translation>
    </message>
    <message>
        <source>Pick at least two players (or two seeds of one).</source>
        <translation>Wählen Sie mindestens zwei Spieler (oder zwei Startwerte eines Spielers).</translation>
    </message>
    <message>
        <source>Swap: the game&apos;s first mover places three stones (black, white, black) and the other chooses a colour; swap2: the other may also place two more stones and let the first mover choose</source>
        <translation>Swap: wer die Partie beginnt, setzt drei Steine (Schwarz, Weiß, Schwarz), und der andere wählt eine Farbe; Swap2: der andere darf auch zwei weitere Steine setzen und den Beginnenden wählen lassen</translation>
    </message>
    <message>
        <source>Swap and swap2 are openings of five in a row on 7x7 and up</source>
        <translation>Swap und Swap2 sind Eröffnungen für fünf in einer Reihe ab 7x7</translation>
    </message>
    <message>
        <source>The opening rule places the first stones: choose Free to use openings</source>
        <translation>Die Eröffnungsregel setzt die ersten Steine: für Eröffnungen „Frei“ wählen</translation>
    </message>
    <message>
        <source>The openings can&apos;t be used. {why}</source>
        <translation>Die Eröffnungen lassen sich nicht verwenden. {why}</translation>
    </message>
    <message>
        <source>{players} players, {games} games. Press Start.</source>
        <translation>{players} Spieler, {games} Partien. Drücken Sie „Starten“.</translation>
    </message>
    <message>
        <source>{address} needs three TLS files; missing: {files}.</source>
        <translation>{address} braucht drei TLS-Dateien; es fehlen: {files}.</translation>
    </message>
    <message>
        <source>the TLS authority</source>
        <translation>die TLS-Zertifizierungsstelle</translation>
    </message>
    <message>
        <source>the TLS certificate</source>
        <translation>das TLS-Zertifikat</translation>
    </message>
    <message>
        <source>the TLS key</source>
        <translation>der TLS-Schlüssel</translation>
    </message>
    <message>
        <source>{address} is not a scheduler&apos;s address: write tls://HOST:PORT (or tcp://127.0.0.1:PORT on this computer).</source>
        <translation>{address} ist keine Adresse eines Schedulers: Schreiben Sie tls://HOST:PORT (oder tcp://127.0.0.1:PORT auf diesem Rechner).</translation>
    </message>
    <message>
        <source>{address} is a plain tcp:// scheduler on another computer: anyone who can reach its port can run any program on every worker. Use tls://HOST:PORT with the TLS authority, certificate and key (ttt-arena cluster-certs makes them; start the scheduler and the workers with the same files).</source>
        <translation>{address} ist ein unverschlüsselter tcp://-Scheduler auf einem anderen Rechner: Wer seinen Port erreicht, kann auf jedem Worker jedes Programm ausführen. Verwenden Sie tls://HOST:PORT mit TLS-Zertifizierungsstelle, -Zertifikat und -Schlüssel (ttt-arena cluster-certs erstellt sie; starten Sie Scheduler und Worker mit denselben Dateien).</translation>
    </message>
    <message>
        <source>The TLS files go with a tls:// scheduler, not {address}.</source>
        <translation>Die TLS-Dateien gehören zu einem tls://-Scheduler, nicht zu {address}.</translation>
    </message>
    <message>
        <source>{file} {name}: there is no such file.</source>
        <translation>{file} {name}: Diese Datei gibt es nicht.</translation>
    </message>
    <message>
        <source>{file} {name} can&apos;t be read.</source>
        <translation>{file} {name} kann nicht gelesen werden.</translation>
    </message>
    <message>
        <source>Could not write {file}: {reason}.</source>
        <translation>{file} konnte nicht geschrieben werden: {reason}.</translation>
    </message>
    <message>
        <source>Choose a PEM file</source>
        <translation>Eine PEM-Datei wählen</translation>
    </message>
    <message>
        <source>PEM files (*.pem *.key);;All files (*)</source>
        <translation>PEM-Dateien (*.pem *.key);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Starting the worker processes...</source>
        <translation>Arbeitsprozesse werden gestartet …</translation>
    </message>
    <message>
        <source>Finishing the games in progress...</source>
        <translation>Die laufenden Partien werden beendet...</translation>
    </message>
    <message>
        <source>{id}: {name} ({played} of {total} games)</source>
        <translation>{id}: {name} ({played} von {total} Partien)</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>Fortsetzen</translation>
    </message>
    <message>
        <source>No stopped tournament to resume.</source>
        <translation>Kein angehaltenes Turnier zum Fortsetzen.</translation>
    </message>
    <message>
        <source>Tournament:</source>
        <translation>Turnier:</translation>
    </message>
    <message>
        <source>Tournament: {players}</source>
        <translation>Turnier: {players}</translation>
    </message>
    <message>
        <source>{name} on {board}</source>
        <translation>{name} auf {board}</translation>
    </message>
    <message>
        <source>Cancelling...</source>
        <translation>Wird abgebrochen …</translation>
    </message>
    <message>
        <source>A worker process failed; the games played so far are kept.</source>
        <translation>Ein Arbeitsprozess ist ausgefallen; die bisher gespielten Partien bleiben erhalten.</translation>
    </message>
    <message>
        <source>Cancelled: {played} of {total} games kept ({seconds} s).</source>
        <translation>Abgebrochen: {played} von {total} Partien behalten ({seconds} s).</translation>
    </message>
    <message>
        <source>Done: {played} games in {seconds} s ({rate} games/s).</source>
        <translation>Fertig: {played} Partien in {seconds} s ({rate} Partien/s).</translation>
    </message>
    <message>
        <source>{played} of {total} games</source>
        <translation>{played} von {total} Partien</translation>
    </message>
    <message>
        <source>{played} of {total} games, about {left} left</source>
        <translation>{played} von {total} Partien, noch etwa {left}</translation>
    </message>
    <message>
        <source>Lost off the board: {players}.</source>
        <translation>Neben dem Brett verloren: {players}.</translation>
    </message>
    <message>
        <source>{n} s</source>
        <translation>{n} s</translation>
    </message>
    <message>
        <source>{m} min {s} s</source>
        <translation>{m} min {s} s</translation>
    </message>
    <message>
        <source>Played on: {board}</source>
        <translation>Gespielt auf: {board}</translation>
    </message>
    <message>
        <source>, {ms} ms a move</source>
        <translation>, {ms} ms pro Zug</translation>
    </message>
    <message>
        <source>There is no tournament to export yet.</source>
        <translation>Es gibt noch kein Turnier zum Exportieren.</translation>
    </message>
    <message>
        <source>JSON (*.json)</source>
        <translation>JSON (*.json)</translation>
    </message>
    <message>
        <source>CSV (*.csv)</source>
        <translation>CSV (*.csv)</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>Exportieren</translation>
    </message>
    <message>
        <source>Game library</source>
        <translation>Partienbibliothek</translation>
    </message>
    <message>
        <source>Stored {added} games in the game library.</source>
        <translation>{added} Partien in der Partienbibliothek gespeichert.</translation>
    </message>
    <message>
        <source>None</source>
        <translation>Keine</translation>
    </message>
    <message>
        <source>Built-in set</source>
        <translation>Eingebaute Auswahl</translation>
    </message>
    <message>
        <source>From a file</source>
        <translation>Aus einer Datei</translation>
    </message>
    <message>
        <source>Start the games from openings, each played once with each colour: the board&apos;s built-in set, or a file of cell names (h8 h9 j10) or a Gomocup opening suite (offsets from the centre, 0,0, 1,-1)</source>
        <translation>Die Partien mit Eröffnungen beginnen, jede einmal mit jeder Farbe gespielt: die eingebaute Auswahl des Bretts, oder eine Datei mit Feldnamen (h8 h9 j10) oder eine Gomocup-Eröffnungssammlung (Abstände von der Mitte, 0,0, 1,-1)</translation>
    </message>
    <message>
        <source>an opening file</source>
        <translation>eine Eröffnungsdatei</translation>
    </message>
    <message>
        <source>Opening file</source>
        <translation>Eröffnungsdatei</translation>
    </message>
    <message>
        <source>Ope&amp;nings:</source>
        <translation>&amp;Eröffnungen:</translation>
    </message>
    <message>
        <source>With openings, the games per pairing must be even: each opening is played once with each colour.</source>
        <translation>Mit Eröffnungen muss die Zahl der Partien je Paarung gerade sein: Jede Eröffnung wird einmal mit jeder Farbe gespielt.</translation>
    </message>
    <message>
        <source>Choose the opening file.</source>
        <translation>Wählen Sie die Eröffnungsdatei.</translation>
    </message>
    <message>
        <source>Choose an opening file</source>
        <translation>Eine Eröffnungsdatei wählen</translation>
    </message>
    <message>
        <source>Opening files (*.txt);;All files (*)</source>
        <translation>Eröffnungsdateien (*.txt);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>{name} plays only the boards of {ks} in a row, which its shipped networks learnt, not {board}</source>
        <translation>{name} spielt nur die Bretter mit {ks} in einer Reihe, die seine mitgelieferten Netze gelernt haben, nicht {board}</translation>
    </message>
</context>
<context>
    <name>TrainWindow</name>
    <message>
        <source>Train the learner</source>
        <translation>Den Lernenden trainieren</translation>
    </message>
    <message>
        <source>Training</source>
        <translation>Training</translation>
    </message>
    <message>
        <source>&amp;Episodes:</source>
        <translation>&amp;Episoden:</translation>
    </message>
    <message>
        <source>&amp;Learning rate:</source>
        <translation>&amp;Lernrate:</translation>
    </message>
    <message>
        <source>E&amp;xploration:</source>
        <translation>E&amp;rkundung:</translation>
    </message>
    <message>
        <source>Exploration is multiplied by this every 1,000 episodes (1: no decay)</source>
        <translation>Die Erkundung wird alle 1.000 Episoden mit diesem Wert multipliziert (1: kein Abklingen)</translation>
    </message>
    <message>
        <source>Exploration &amp;decay:</source>
        <translation>&amp;Abklingen der Erkundung:</translation>
    </message>
    <message>
        <source>Itself (self-play)</source>
        <translation>Sich selbst (Selbstspiel)</translation>
    </message>
    <message>
        <source>&amp;Opponent:</source>
        <translation>&amp;Gegner:</translation>
    </message>
    <message>
        <source>S&amp;eed:</source>
        <translation>Start&amp;wert:</translation>
    </message>
    <message>
        <source>&amp;Measure every (episodes):</source>
        <translation>&amp;Messen alle (Episoden):</translation>
    </message>
    <message>
        <source>&amp;Games per measurement:</source>
        <translation>&amp;Partien je Messung:</translation>
    </message>
    <message>
        <source>&amp;Start</source>
        <translation>&amp;Starten</translation>
    </message>
    <message>
        <source>&amp;Pause</source>
        <translation>&amp;Pause</translation>
    </message>
    <message>
        <source>S&amp;top</source>
        <translation>A&amp;nhalten</translation>
    </message>
    <message>
        <source>Save as pla&amp;yer...</source>
        <translation>Als &amp;Spieler speichern …</translation>
    </message>
    <message>
        <source>Episodes trained</source>
        <translation>Trainierte Episoden</translation>
    </message>
    <message>
        <source>Set the training up and press Start.</source>
        <translation>Richten Sie das Training ein und drücken Sie „Starten“.</translation>
    </message>
    <message>
        <source>Training status</source>
        <translation>Trainingsstand</translation>
    </message>
    <message>
        <source>Against Perfect</source>
        <translation>Gegen Perfect</translation>
    </message>
    <message>
        <source>Episodes</source>
        <translation>Episoden</translation>
    </message>
    <message>
        <source>Share</source>
        <translation>Anteil</translation>
    </message>
    <message>
        <source>Against Rando</source>
        <translation>Gegen Rando</translation>
    </message>
    <message>
        <source>Training a network needs numpy, which this copy of TTT Desktop does not have (the packaged app leaves it out: it would add about 40 MB). Networks trained elsewhere still play here; train one where TTT Desktop runs from source.</source>
        <translation>Ein Netz zu trainieren braucht numpy, das diese Kopie von TTT Desktop nicht hat (die gepackte App lässt es weg: es käme auf etwa 40 MB). Anderswo trainierte Netze spielen hier trotzdem; trainieren Sie eins, wo TTT Desktop aus dem Quelltext läuft.</translation>
    </message>
    <message>
        <source>The learner plays tic-tac-toe (3x3) only: it is trained and measured on that board, whatever board the main window plays.</source>
        <translation>Der Lernende spielt nur Tic-Tac-Toe (3×3): Er wird auf diesem Spielfeld trainiert und gemessen, gleich auf welchem Spielfeld das Hauptfenster spielt.</translation>
    </message>
    <message>
        <source>Board</source>
        <translation>Spielfeld</translation>
    </message>
    <message>
        <source>Starting the worker process...</source>
        <translation>Der Arbeitsprozess wird gestartet …</translation>
    </message>
    <message>
        <source>Training...</source>
        <translation>Training läuft …</translation>
    </message>
    <message>
        <source>Pausing...</source>
        <translation>Wird angehalten …</translation>
    </message>
    <message>
        <source>Stopping...</source>
        <translation>Wird beendet …</translation>
    </message>
    <message>
        <source>Paused after {episodes} episodes.</source>
        <translation>Nach {episodes} Episoden angehalten.</translation>
    </message>
    <message>
        <source>The training failed: {reason}</source>
        <translation>Das Training ist fehlgeschlagen: {reason}</translation>
    </message>
    <message>
        <source>Stopped after {episodes} episodes.</source>
        <translation>Nach {episodes} Episoden beendet.</translation>
    </message>
    <message>
        <source>Done: {episodes} episodes.</source>
        <translation>Fertig: {episodes} Episoden.</translation>
    </message>
    <message>
        <source>Won</source>
        <translation>Gewonnen</translation>
    </message>
    <message>
        <source>Drawn</source>
        <translation>Unentschieden</translation>
    </message>
    <message>
        <source>Lost</source>
        <translation>Verloren</translation>
    </message>
    <message>
        <source>{episodes} episodes, {positions} positions learned, exploration {epsilon}; against Perfect {won}% won, {lost}% lost</source>
        <translation>{episodes} Episoden, {positions} Stellungen gelernt, Erkundung {epsilon}; gegen Perfect {won}&#xa0;% gewonnen, {lost}&#xa0;% verloren</translation>
    </message>
    <message>
        <source>&amp;Resume</source>
        <translation>&amp;Fortsetzen</translation>
    </message>
    <message>
        <source>The paused training can&apos;t be kept for later: {refusal}.</source>
        <translation>Das angehaltene Training lässt sich nicht für später aufbewahren: {refusal}.</translation>
    </message>
    <message>
        <source>its file can&apos;t be read: {refusal}</source>
        <translation>Seine Datei lässt sich nicht lesen: {refusal}</translation>
    </message>
    <message>
        <source>A paused training can&apos;t be resumed: {why}.</source>
        <translation>Ein angehaltenes Training lässt sich nicht fortsetzen: {why}.</translation>
    </message>
    <message>
        <source>There is no trained table yet.</source>
        <translation>Es gibt noch keine trainierte Tabelle.</translation>
    </message>
    <message>
        <source>Saved “{name}”: it is in the X and O drop-downs now.</source>
        <translation>„{name}“ gespeichert: Der Spieler steht jetzt in den Auswahllisten für X und O.</translation>
    </message>
    <message>
        <source>Save as player</source>
        <translation>Als Spieler speichern</translation>
    </message>
    <message>
        <source>Name of the trained player:</source>
        <translation>Name des trainierten Spielers:</translation>
    </message>
    <message>
        <source>A board from the list, or any M,N,K (M columns, N rows, K in a row)</source>
        <translation>Ein Brett aus der Liste oder ein beliebiges M,N,K (M Spalten, N Zeilen, K in einer Reihe)</translation>
    </message>
    <message>
        <source>&amp;Board:</source>
        <translation>&amp;Brett:</translation>
    </message>
    <message>
        <source>Table (tic-tac-toe only)</source>
        <translation>Tabelle (nur Tic-Tac-Toe)</translation>
    </message>
    <message>
        <source>N-tuple network (any board)</source>
        <translation>N-Tupel-Netz (jedes Brett)</translation>
    </message>
    <message>
        <source>Met&amp;hod:</source>
        <translation>Met&amp;hode:</translation>
    </message>
    <message>
        <source>Games</source>
        <translation>Partien</translation>
    </message>
    <message>
        <source>Minutes</source>
        <translation>Minuten</translation>
    </message>
    <message>
        <source>Train &amp;for:</source>
        <translation>Trainieren &amp;für:</translation>
    </message>
    <message>
        <source>M&amp;inutes of training:</source>
        <translation>M&amp;inuten Training:</translation>
    </message>
    <message>
        <source>The Searcher at a fixed budget: {nodes} nodes a move</source>
        <translation>Der Sucher mit festem Budget: {nodes} Knoten pro Zug</translation>
    </message>
    <message>
        <source>Measured &amp;against:</source>
        <translation>Gemessen &amp;gegen:</translation>
    </message>
    <message>
        <source>Processes that train the network; with 1 the same seed trains the same one</source>
        <translation>Prozesse, die das Netz trainieren; mit 1 trainiert derselbe Startwert dasselbe Netz</translation>
    </message>
    <message>
        <source>Pro&amp;cesses:</source>
        <translation>Pro&amp;zesse:</translation>
    </message>
    <message>
        <source>Resume the paused trai&amp;ning</source>
        <translation>Angehaltenes Trai&amp;ning fortsetzen</translation>
    </message>
    <message>
        <source>Score against fixed opponents (95% error bars)</source>
        <translation>Punkte gegen feste Gegner (Fehlerbalken: 95 %)</translation>
    </message>
    <message>
        <source>Score</source>
        <translation>Punkte</translation>
    </message>
    <message>
        <source>Choose at least one opponent to measure against.</source>
        <translation>Wählen Sie mindestens einen Gegner, gegen den gemessen wird.</translation>
    </message>
    <message>
        <source>The n-tuple network learns any board by playing itself on every core. It plays every board with the same number in a row as the one it learnt.</source>
        <translation>Das N-Tupel-Netz lernt jedes Brett, indem es auf allen Kernen gegen sich selbst spielt. Es spielt jedes Brett mit derselben Zahl in einer Reihe wie das gelernte.</translation>
    </message>
    <message>
        <source>{name} {score}% ({low}-{high}%)</source>
        <translation>{name} {score} % ({low}–{high} %)</translation>
    </message>
    <message>
        <source>{games} games in {minutes} min of training; scores over {count} games each: {scores}</source>
        <translation>{games} Partien in {minutes} min Training; Punkte aus je {count} Partien: {scores}</translation>
    </message>
    <message>
        <source>{board}: {games} games, {minutes} min of training so far</source>
        <translation>{board}: bisher {games} Partien, {minutes} min Training</translation>
    </message>
    <message>
        <source>A training paused on {board} after {games} games can be resumed.</source>
        <translation>Ein auf {board} nach {games} Partien angehaltenes Training kann fortgesetzt werden.</translation>
    </message>
</context>
</TS>
