"""What every area of the window shares: the colours and palettes, the language, fitting
the screen, check boxes that read in both schemes, reduced motion, and the translated
names of boards, players and the coach's counted sentences."""
