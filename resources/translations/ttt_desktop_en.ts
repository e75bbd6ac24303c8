<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="en">
    <context>
        <name>Coach</name>
        <message numerus="yes">
            <source>wins in %n</source>
            <translation>
                <numerusform>wins in %n</numerusform>
                <numerusform>wins in %n</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>loses in %n</source>
            <translation>
                <numerusform>loses in %n</numerusform>
                <numerusform>loses in %n</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>playing here wins in %n move(s) with best play</source>
            <translation>
                <numerusform>playing here wins in %n move with best play</numerusform>
                <numerusform>playing here wins in %n moves with best play</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>playing here loses in %n move(s) against best play</source>
            <translation>
                <numerusform>playing here loses in %n move against best play</numerusform>
                <numerusform>playing here loses in %n moves against best play</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>Take {cell}: it wins in %n move(s) with best play</source>
            <translation>
                <numerusform>Take {cell}: it wins in %n move with best play</numerusform>
                <numerusform>Take {cell}: it wins in %n moves with best play</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>Take {cell}: each wins in %n move(s) with best play</source>
            <translation>
                <numerusform>Take {cell}: each wins in %n move with best play</numerusform>
                <numerusform>Take {cell}: each wins in %n moves with best play</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>Whatever you play, {opponent} wins in %n move(s) with best play</source>
            <translation>
                <numerusform>Whatever you play, {opponent} wins in %n move with best play</numerusform>
                <numerusform>Whatever you play, {opponent} wins in %n moves with best play</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>Take {cell}: it holds out longest, but {opponent} wins in %n move(s) with best play</source>
            <translation>
                <numerusform>Take {cell}: it holds out longest, but {opponent} wins in %n move with best play</numerusform>
                <numerusform>Take {cell}: it holds out longest, but {opponent} wins in %n moves with best play</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>Any of {cells} holds out longest, but {opponent} wins in %n move(s) with best play</source>
            <translation>
                <numerusform>Any of {cells} holds out longest, but {opponent} wins in %n move with best play</numerusform>
                <numerusform>Any of {cells} holds out longest, but {opponent} wins in %n moves with best play</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>{cells} would have won in %n move(s)</source>
            <translation>
                <numerusform>{cells} would have won in %n move</numerusform>
                <numerusform>{cells} would have won in %n moves</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>{move} still wins, in %n move(s); {better}.</source>
            <translation>
                <numerusform>{move} still wins, in %n move; {better}.</numerusform>
                <numerusform>{move} still wins, in %n moves; {better}.</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>InsightFeatures</name>
        <message numerus="yes">
            <source>%n move(s) of this game came from {names} before it was opened here.</source>
            <translation>
                <numerusform>%n move of this game came from {names} before it was opened here.</numerusform>
                <numerusform>%n moves of this game came from {names} before it was opened here.</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>ReviewPanel</name>
        <message numerus="yes">
            <source>%n move(s)</source>
            <translation>
                <numerusform>%n move</numerusform>
                <numerusform>%n moves</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n mistake(s)</source>
            <translation>
                <numerusform>%n mistake</numerusform>
                <numerusform>%n mistakes</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n move(s) taken back</source>
            <translation>
                <numerusform>%n move taken back</numerusform>
                <numerusform>%n moves taken back</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n hint(s)</source>
            <translation>
                <numerusform>%n hint</numerusform>
                <numerusform>%n hints</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>Thinking</name>
        <message numerus="yes">
            <source>%Ln position(s) searched</source>
            <translation>
                <numerusform>%Ln position searched</numerusform>
                <numerusform>%Ln positions searched</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n move(s) deep</source>
            <translation>
                <numerusform>%n move deep</numerusform>
                <numerusform>%n moves deep</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n more cell(s) scored: see the board.</source>
            <translation>
                <numerusform>%n more cell scored: see the board.</numerusform>
                <numerusform>%n more cells scored: see the board.</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>Cell(s) proven won: {cells}.</source>
            <translation>
                <numerusform>Cell proven won: {cells}.</numerusform>
                <numerusform>Cells proven won: {cells}.</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>Cell(s) proven lost: {cells}.</source>
            <translation>
                <numerusform>Cell proven lost: {cells}.</numerusform>
                <numerusform>Cells proven lost: {cells}.</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>ThinkingPanel</name>
        <message numerus="yes">
            <source>%n scored cell(s) on the board are too small to write the score in: a dot there marks a scored cell. Zoom in (View &gt; Zoom in) to read the scores.</source>
            <translation>
                <numerusform>%n scored cell on the board are too small to write the score in: a dot there marks a scored cell. Zoom in (View &gt; Zoom in) to read the scores.</numerusform>
                <numerusform>%n scored cells on the board are too small to write the score in: a dot there marks a scored cell. Zoom in (View &gt; Zoom in) to read the scores.</numerusform>
            </translation>
        </message>
    </context>
</TS>
