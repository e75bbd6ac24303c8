#!/usr/bin/env python3
"""Write the app's sounds (resources/sounds/*.wav) from synthesized tones.

Every sound is made here from sine tones with a soft attack and an exponential
decay, so the project owns them outright: they are free under the project's MIT
licence (the About box says so). The output is the same bytes on every run;
``tests/gui/test_sound.py`` checks that the committed files are what this writes.

- ``move.wav``: a short wooden "tock" for every move (two close partials, 70 ms);
- ``win.wav``: a rising major arpeggio, C5 E5 G5 C6;
- ``loss.wav``: a falling minor line, G4 E-flat4 C4;
- ``draw.wav``: the same note twice, level, E5 E5.

    python tools/make_sounds.py            # write resources/sounds/
    python tools/make_sounds.py --check    # exit 1 if a committed file differs
"""

from __future__ import annotations

import argparse
import io
import math
import struct
import sys
import wave
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TARGET = ROOT / "resources" / "sounds"
RATE = 22_050
PEAK = 0.7  # of full scale: loud enough at the app's volume, never clipping

# (frequency in Hz, seconds, decay time constant in seconds) per note, played in turn.
Note = tuple[float, float, float]
SOUNDS: dict[str, list[Note]] = {
    "move": [(660.0, 0.07, 0.018)],
    "win": [(523.25, 0.11, 0.09), (659.25, 0.11, 0.09), (783.99, 0.11, 0.09), (1046.5, 0.3, 0.16)],
    "loss": [(392.0, 0.16, 0.12), (311.13, 0.16, 0.12), (261.63, 0.38, 0.2)],
    "draw": [(659.25, 0.14, 0.1), (659.25, 0.26, 0.14)],
}


def note_samples(frequency: float, seconds: float, decay: float) -> list[float]:
    """One note: the tone and a softer octave above, 5 ms attack, exponential decay."""
    count = round(seconds * RATE)
    attack = round(0.005 * RATE)
    samples = []
    for index in range(count):
        t = index / RATE
        envelope = min(1.0, index / attack) * math.exp(-t / decay)
        # Fade the last 5 ms to silence, so notes join without a click.
        envelope *= min(1.0, (count - index) / attack)
        tone = math.sin(2 * math.pi * frequency * t) + 0.3 * math.sin(4 * math.pi * frequency * t)
        samples.append(envelope * tone / 1.3)
    return samples


def wav_bytes(notes: list[Note]) -> bytes:
    """The notes one after the other as a 16-bit mono WAV file at :data:`RATE` Hz."""
    samples = [sample for note in notes for sample in note_samples(*note)]
    frames = b"".join(struct.pack("<h", round(PEAK * 32767 * sample)) for sample in samples)
    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(frames)
    return buffer.getvalue()


def expected_files() -> dict[str, bytes]:
    """File name -> the bytes it must hold."""
    return {f"{name}.wav": wav_bytes(notes) for name, notes in SOUNDS.items()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--check", action="store_true", help="only say whether they are current")
    args = parser.parse_args(argv)
    files = expected_files()
    if args.check:
        stale = [
            name
            for name, data in files.items()
            if not (TARGET / name).is_file() or (TARGET / name).read_bytes() != data
        ]
        if stale:
            print(f"not current: {', '.join(stale)}; run tools/make_sounds.py", file=sys.stderr)
            return 1
        return 0
    TARGET.mkdir(parents=True, exist_ok=True)
    for name, data in files.items():
        (TARGET / name).write_bytes(data)
    print(f"wrote {', '.join(files)} to {TARGET.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
