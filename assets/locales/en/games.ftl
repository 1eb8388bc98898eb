# The games' rules for /help game:<name>, and the texts of the example pictures.
# Notation (moves, squares, cells, piece letters) stays as it is in every language.

rules-tablut =
    Goal: Black (16 attackers, a) moves first and tries to capture the White king (K); White (the king and 8 defenders, d) wins when the king reaches any edge square.
    Moving: every piece moves like a chess rook, any number of empty squares along a rank or file, no jumping. Nobody may stop on the throne e5 once the king has left it, but pieces may pass over it.
    Capturing: close a sandwich, your piece on each side of an enemy soldier along a line (the empty throne counts for both sides; moving between two enemies is safe; the king never captures). The king is captured by attackers on all four sides, or on three with the throne as the fourth.
    End: a side with no legal move loses; the same position a third time is a draw.
    Writing a move: two squares, from-to: `e8-d8` moves the piece on e8 to d8 (a capture may be noted `d1-d3xe3`).
    Variants (`variant:` in /play): the above is `seed`; `linnaeus` arms the king and lets two attackers capture him away from the throne; `ashton` adds camps, a closed throne, and White moves first.

rules-tzaar =
    Goal: each side has 6 Tzaars, 9 Tzarras and 15 Totts (uppercase Z A T white, lowercase black). You win when the opponent has lost a whole type of piece, or cannot capture at the start of their turn.
    Turns: White opens with one capture; every later turn is two moves: first a capture, then a capture, a stacking move or pass.
    Moving: a piece or stack goes straight along a line over empty points to the first stack, never over a stack or across the centre hole. Capture an enemy stack no taller than yours; stacking puts your stack on your own (heights add, the top piece gives the type).
    Writing a move: `E4xD4` captures from E4 to D4, `F4-F5` stacks, `pass` passes; a whole turn at once: `E4xD4 F4-F5`. Columns A-I, rows from 1 at the bottom; E5 is the hole.
    Setups (`setup:` in /play): `random` (the default), `random:SEED`, `standard` (the fixed start of the rules), or a position in notation.

rules-tantrix =
    Goal: each player has a colour and tries to make the longest line (1 point a tile) or loop (2 points a tile) of it.
    Placing: put a tile from your hand next to the tiles on the board so every touching edge matches in colour.
    Forced spaces: a space with three tiles around it is forced. At the start of your turn fill every forced space you can, then make one free move (not into a forced space), then fill forced spaces again. While the bag has tiles you may not make a forced space with three sides of one colour, leave a space with four neighbours, or play along a controlled side. The game ends when every tile is placed.
    Writing a move: tile@q,r:k, e.g. `23@1,-1:4` puts tile 23 on cell q=1, r=-1, turned k=4 steps clockwise (0-5). The picture labels the free cells with q,r. The first tile goes on 0,0.

rules-example = Example: { $move }

# What each variant changes, after its name in /play's autocompletion (keys: variant-<game>-<variant>).
variant-tablut-seed = the rules of the first round: king captured on four sides
variant-tablut-linnaeus = the common reconstruction: armed king, captured by two away from the throne
variant-tablut-ashton = the Tablut Challenge rules: White first, camps, closed throne, armed king
variant-tzaar-random = the pieces shuffled over the board, as in tournaments
variant-tzaar-standard = the fixed start position of the rule book, for beginners
