# The engines' sentences: why a move or a setup is refused, what a move did, how a game ended. Squares, points,
# cells, tile numbers and notation are passed as written; `{ $side }`, `{ $colour }` and lists are messages of their
# own. The English here must read exactly as the engines' own English (a test compares them).

## Shared

engine-as-written = { $text }
engine-comma = { $first }, { $second }
engine-semicolon = { $first }; { $second }
engine-list-or = { $first } or { $last }
setup-seats = { $game } is played by { $count } players, not { $given }
setup-seats-range = { $game } is played by { $min } to { $max } players, not { $given }
setup-replay = stored move { $ply } { $move } is refused: { $why }
move-other-game = { $move } is a move of another game than { $game }

## Tablut

tablut-unreadable = can't read the move { $text }: write the starting and the target square joined by a dash, like { $example } (files a-i, ranks 1-9)
tablut-unreadable-square = can't read the square { $text }: write a file a-i then a rank 1-9, like { $example }
tablut-unreadable-position = can't read the position { $text }: { $why }; write the ranks from 9 down to 1 separated by { $slash } (a = attacker, d = defender, k = king, a digit = that many empty squares), a space and { $b } or { $w } for the side to move, like { $example }
tablut-unknown-variant = there is no Tablut variant called { $text }: choose { $choices }
tablut-won = { $side } won: { $reason }
tablut-draw = a draw: { $reason }
tablut-game-over = the game is over ({ $result }): no more moves can be played
tablut-no-piece = there is no piece on { $square }: start the move from a square with one of your pieces
tablut-not-yours-black = the piece on { $square } is White's, but it is Black's turn: move one of the attackers
tablut-not-yours-white = the piece on { $square } is Black's, but it is White's turn: move one of the defenders or the king
tablut-no-distance = { $square }-{ $square } goes nowhere: a piece must move at least one square
tablut-not-straight = { $move } is not a straight line: pieces move like a chess rook, along a rank or a file
tablut-blocked = the path from { $from } to { $to } is blocked at { $at }: pieces cannot jump over other pieces
tablut-occupied = { $square } is already occupied: a piece must stop on an empty square
tablut-throne = no piece may stop on the throne { $throne }: stop before it, or pass over it if the rules allow
tablut-throne-in-the-way = { $move } crosses the throne { $throne }, which no piece may pass: go around it
tablut-camp = { $move } enters the camp at { $at }: only an attacker that starts the move in that camp may stop on or cross its squares
tablut-captures-nothing = { $move } captures nothing, not what the move says: leave out the { $captures } part or list the captured squares
tablut-wrong-captures = { $move } captures { $squares }, not what the move says: leave out the { $captures } part or list the captured squares

## TZAAR

tzaar-unreadable = can't read { $text }: write a capture as E4xD4, a stacking move as F4-F5, or pass
tzaar-unreadable-point = can't read the point { $text }: write a column letter A to I and a row number, e.g. E4
tzaar-hole = { $point } is the centre hole, not a point: no stack can stand there
tzaar-off-board = { $text } is not on the board: columns A to I hold 5, 6, 7, 8, 9, 8, 7, 6 and 5 points, numbered from 1 at the bottom
tzaar-no-move = there is no move: write a capture as E4xD4, a stacking move as F4-F5, or pass
tzaar-past-turn = { $text } goes past the end of this turn: play one turn at a time
tzaar-position-parts = it needs three parts separated by spaces: the board, the side and the phase
tzaar-position-side = the side to move is { $side }, not w or b
tzaar-position-phase = the phase is { $phase }, not o, c or s
tzaar-position-opening = the opening phase { $o } is White's first turn, so the side must be w
tzaar-position-columns = the board has { $count ->
    [one] { $count } column
   *[other] { $count } columns
} instead of 9
tzaar-position-empty-height = an empty point in column { $column } has a height
tzaar-position-letter = { $letter } in column { $column } is not a piece letter
tzaar-position-height = the stack on { $point } has height { $height }, not 1 to 30
tzaar-position-listed = column { $column } lists { $listed } points instead of { $expected }
tzaar-position-pieces = { $side } has more than 30 pieces
tzaar-position-kind = { $side } has more than { $count } { $kind }s
tzaar-position-both-lack = both sides lack a piece type, which no game can reach
tzaar-unreadable-position = can't read the position { $text }: { $why }; write the columns A to I separated by { $slash }, each from row 1 upward ({ $dot } empty, Z/A/T a white Tzaar/Tzarra/Tott, z/a/t black, then the height if over 1), then the side to move (w or b) and the phase (o, c or s)
tzaar-unknown-variant = there is no TZAAR variant { $text }: choose random (the default) or standard
tzaar-bad-seed = the seed in { $text } is not a whole number from 0 to { $max }: write random:SEED, e.g. random:42
tzaar-game-over = the game is over: { $end }, so { $winner } has won
tzaar-end-on-top = { $side } has no { $kind } left on top
tzaar-end-cannot-capture = { $side } cannot capture
tzaar-capture-due = a capture is due first: the first move of a turn must take an enemy stack (e.g. E4xD4); stacking and passing are only for the second move
tzaar-no-stack = there is no stack on { $point }: a move starts from one of your stacks
tzaar-not-yours-white = { $point } holds a white stack: Black moves the black stacks
tzaar-not-yours-black = { $point } holds a black stack: White moves the white stacks
tzaar-same-point = a move must leave { $point }: name two different points
tzaar-not-in-line = { $from } and { $to } are not on one line: a move goes straight along one of the six lines
tzaar-crosses-hole = the path from { $from } to { $to } crosses the centre hole E5: no move crosses the centre
tzaar-blocked = the path from { $from } to { $to } is blocked at { $at }: a move must stop at the first stack in its line
tzaar-empty = there is nothing on { $to } to capture or stack on: a move ends on the first stack in its line
tzaar-own-target = { $to } holds your own stack, which cannot be captured; stack on it with { $from }-{ $to } as a second move
tzaar-enemy-target = { $to } holds an enemy stack: capture it with { $from }x{ $to }
tzaar-taller-white = the black stack on { $to } (height { $target }) is taller than the white stack on { $from } (height { $height }): capture only stacks no taller than yours
tzaar-taller-black = the white stack on { $to } (height { $target }) is taller than the black stack on { $from } (height { $height }): capture only stacks no taller than yours
tzaar-captured-white = captured a white { $kind }
tzaar-captured-black = captured a black { $kind }
tzaar-captured-white-tall = captured a white { $kind } (height { $height })
tzaar-captured-black-tall = captured a black { $kind } (height { $height })
tzaar-stacked = stacked to height { $height }
tzaar-passed = passed
tzaar-end-buried = { $side } covered its own last { $kind }
tzaar-end-lost-type = { $side } has no { $kind } left
tzaar-so-wins = { $end }, so { $winner } wins

## Tantrix

tantrix-unreadable = can't read { $text }: write a placement as tile@q,r:k, e.g. 23@1,-1:4 (tile 1-56 from your hand, cell q,r, rotation k 0-5)
tantrix-unreadable-tile = can't read { $text }: tiles are numbered 1 to 56; write a placement as tile@q,r:k, e.g. 23@1,-1:4 (tile 1-56 from your hand, cell q,r, rotation k 0-5)
tantrix-unreadable-cell = can't read { $text }: cells run from -{ $limit } to { $limit }; write a placement as tile@q,r:k, e.g. 23@1,-1:4 (tile 1-56 from your hand, cell q,r, rotation k 0-5)
tantrix-unreadable-rotation = can't read { $text }: the rotation is 0 to 5; write a placement as tile@q,r:k, e.g. 23@1,-1:4 (tile 1-56 from your hand, cell q,r, rotation k 0-5)
tantrix-game-over = the game is over: no more tiles can be placed
tantrix-hand-empty = tile { $tile } is not in your hand: your hand is empty, so wait for your next turn
tantrix-not-in-hand = tile { $tile } is not in your hand: place one of { $hand }
tantrix-taken = cell { $cell } is taken by tile { $tile }: choose an empty cell next to the tiles
tantrix-first-at-origin = the first tile goes on 0,0: write it as { $tile }@0,0:k with k the rotation 0-5
tantrix-not-adjacent = cell { $cell } is not next to a tile: choose an empty cell that touches a tile on the board
tantrix-clash = colours clash on the { $edge } edge: tile { $tile } turned { $rotation } shows { $ours } there but tile { $neighbour } on { $at } shows { $theirs }; try another rotation or cell
tantrix-forced-first = a forced space must be filled first: { $space } (for example { $example }); free moves come after
tantrix-same-colour-space = it would make a forced space at { $space } with three { $colour } sides, which no tile could fill; choose another rotation or cell
tantrix-four-neighbours = it would leave a space with four neighbours at { $space }, which is not allowed while the bag has tiles; choose another cell
tantrix-controlled-side = it would break a controlled side: filling the forced spaces it leaves would surround { $space } by four tiles; choose a cell off that line
tantrix-red = red
tantrix-blue = blue
tantrix-yellow = yellow
tantrix-green = green
tantrix-dir-n = N
tantrix-dir-ne = NE
tantrix-dir-se = SE
tantrix-dir-s = S
tantrix-dir-sw = SW
tantrix-dir-nw = NW
tantrix-not-a-colour = { $letter } is not a Tantrix colour: name one colour per seat with R, B, Y, G (e.g. BYG)
tantrix-colour-twice = { $colour } is taken twice: each seat needs its own colour
tantrix-colour-count = { $given } colours for { $seats } players: name exactly one colour per seat (e.g. { $example })
tantrix-not-playing = { $colour } to move is not one of the players' colours ({ $colours })
tantrix-hands = with { $bag } tiles in the bag, { $dealt } tiles are left for { $others } other hand(s) of at most 6: give the real bag count
tantrix-no-placement = { $colour } has no legal placement in that position
tantrix-filled-forced = filled a forced space
tantrix-free-move = free move
tantrix-drew = drew tile { $tile }
tantrix-game-over-effect = game over: { $reason }
tantrix-no-free-move = { $colour } has tiles but no legal free move, so the game is drawn
tantrix-score = { $colour } { $score }
tantrix-best-chain = { $colour } has the best chain ({ $scores })
tantrix-tied = the best chains are tied ({ $scores })
tantrix-place = { $colour } is { $place ->
    [1] first
    [2] second
    [3] third
   *[other] fourth
} with { $score }
tantrix-place-shared = { $colours } share { $place ->
    [1] first
    [2] second
    [3] third
   *[other] fourth
} place with { $score }
tantrix-and = { $first } and { $last }

## The move picker's steps
pick-notation = { $text }
pick-step-move = Choose your move
pick-step-piece = Choose the piece to move
pick-step-destination = Choose where it goes (× marks what it would capture)
pick-captures = { $square } (captures { $captured })
pick-tzaar-stack = { $point }: { $kind }, height { $height }
pick-tzaar-capturer = Choose the stack that captures
pick-tzaar-captured = Choose the enemy stack it captures
pick-tzaar-second = Choose your second move: capture, stack on your own, or pass
pick-tzaar-capture = Capture again
pick-tzaar-stacker = Choose the stack that moves
pick-tzaar-onto = Choose your stack it goes on
pick-tzaar-stack-move = Stack on your own
pick-tzaar-pass = Pass
pick-tantrix-tile = Choose the tile to place
pick-tantrix-cell = Choose its place (lettered on the board)
pick-tantrix-rotation = Choose its rotation (lettered in the picture)
pick-tantrix-tile-label = Tile { $tile }: { $colours }
pick-tantrix-cell-label = { $letter }: { $cell }
pick-tantrix-rotation-label = Rotation { $letter }

## Tantrix Discovery (one player)

discovery-size = there is no Discovery puzzle of { $size } tiles: choose 3 to 30
discovery-no-tile = this puzzle has no tile { $tile }
discovery-not-down = tile { $tile } is not down
discovery-taken = { $cell } is taken: choose an empty place
discovery-apart = a tile must touch the tiles down (the first goes on the centre, 0,0)
discovery-mismatch = tile { $tile } turned that way does not match the tiles beside it: choose one of the turns shown
discovery-unreadable = the layout cannot be read: { $why }
discovery-not-a-place = { $place } is not a cell: write it q,r
discovery-goal = the { $colour } lines make one loop through all { $size } tiles, with no holes
discovery-open = every tile is down, but the line is not closed yet
discovery-short = { $missed ->
    [one] every tile is down, but the loop misses one tile: it makes a line or loop of its own
   *[other] every tile is down, but the loop misses { $missed } tiles: they make a line or loop of their own
}
discovery-hole = one loop runs through every tile, but an empty cell is shut in: no holes allowed

## Tantrix Solitaire (one player)

solitaire-day = { $day } is not a day: write it YYYY-MM-DD
solitaire-not-drawn = tile { $tile } is not the tile drawn
solitaire-over = every tile is down
solitaire-illegal = tile { $tile } does not go on { $cell } turned { $rot }: choose one of the places and turns shown
solitaire-unreadable = the layout cannot be read: { $why }
solitaire-goal = each tile drawn goes down at once, into a forced space when it fits one; make the longest { $colour } line (a loop scores double)
solitaire-no-lift = in Solitaire a tile stays where it was put
solitaire-made-loop = a { $colour } loop of { $tiles } tiles
solitaire-made-line = { $tiles ->
    [one] a { $colour } line of one tile
   *[other] a { $colour } line of { $tiles } tiles
}
solitaire-stuck = tile { $tile } fits nowhere, so it ends here: { $made }

tactic-escape = { $side } to move: the king escapes in { $turns ->
    [one] one move
   *[other] { $turns } moves
}
tactic-capture = { $side } to move: capture the king in { $turns ->
    [one] one move
   *[other] { $turns } moves
}
tactic-win-now = { $side } to move: win this turn
tactic-win = { $side } to move: win in { $turns } turns
tactic-save = { $side } to move: every turn but one lets the opponent win at once; save the game
tactic-loop = { $side } to move: close the longest loop, of { $tiles } tiles
tactic-tantrix-loop = { $side } to move: close the longest { $colour } loop any tile can close now, of { $tiles } tiles
