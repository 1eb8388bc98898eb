# The words drawn on pictures (boards, replays, the leaderboard). Player names, notation and coordinates are
# never translated; the reason a game ended comes from the engines for now.

## Sides and colours, when a seat has no player name

picture-side-white = White
picture-side-black = Black
picture-colour-red = Red
picture-colour-blue = Blue
picture-colour-yellow = Yellow
picture-colour-green = Green

## Tablut

picture-tablut-vs = vs
picture-tablut-to-move = Move { $number } · { $player } ({ $side }) to move
picture-tablut-won = { $player } ({ $side }) won: { $reason }
picture-tablut-draw = Draw: { $reason }
picture-tablut-variant-rules = { $variant } rules: { $rules }
picture-tablut-black-first = Black moves first
picture-tablut-white-first = White moves first
picture-tablut-armed-king = armed king
picture-tablut-unarmed-king = unarmed king
picture-tablut-king-by-four = king captured by 4 (or 3 and the throne)
picture-tablut-king-by-two = king captured by 2 off the throne
picture-tablut-king-by-two-or-camp = king captured by 2 or a camp off the throne
picture-tablut-closed-hostile = closed, hostile camps and throne
picture-tablut-closed-camps-throne = closed camps and throne
picture-tablut-closed-camps = closed camps
picture-tablut-closed-throne = closed throne
picture-tablut-linnaean = Linnaean capture
picture-tablut-second-repetition = 2nd repetition draws
picture-tablut-third-repetition = 3rd repetition draws

## TZAAR

picture-tzaar-wins = { $player } ({ $side }) wins · { $reason }
picture-tzaar-to-move = Turn { $number } · { $side } to move · { $phase }
picture-tzaar-opening = opening capture
picture-tzaar-capture = capture due
picture-tzaar-second = second move

## Tantrix

picture-tantrix-won = Tantrix · game over · { $player } wins with { $score }
picture-tantrix-draw = Tantrix · game over · draw
picture-tantrix-shared = Tantrix · game over · first place shared with { $score }
picture-tantrix-turn = Tantrix · turn { $number } · { $player } to place
picture-tantrix-status = bag: { $count ->
    [one] { $count } tile
   *[other] { $count } tiles
} · { $step } · white rings: last turn · write tile@q,r:k
picture-tantrix-forced = fill a forced space (amber)
picture-tantrix-first = place the first tile on 0,0
picture-tantrix-free = free move: any labelled cell
picture-tantrix-score = score { $score }
picture-tantrix-to-place = to place
picture-tantrix-no-tiles = no tiles
picture-tantrix-hand = Hand to place
picture-tantrix-text-board = { $count ->
    [one] { $count } tile on the board
   *[other] { $count } tiles on the board
}: { $tiles }
picture-tantrix-text-forced = forced spaces: { $cells }
picture-tantrix-position = Tantrix · { $count ->
    [one] { $count } tile
   *[other] { $count } tiles
} · bag { $bag }
picture-tantrix-position-status = best chains: { $chains } · forced spaces: { $forced } · white rings: last moves

## The leaderboard

picture-leaderboard-title = { $game } leaderboard
picture-leaderboard-here = This server
picture-leaderboard-everywhere = All servers
picture-leaderboard-subtitle = { $scope } · { $count ->
    [one] { $count } rated player
   *[other] { $count } rated players
} · { $date }
picture-leaderboard-player = PLAYER
picture-leaderboard-rating = RATING
picture-leaderboard-games = GAMES
picture-leaderboard-record = W-D-L
picture-leaderboard-trend = TREND
picture-leaderboard-nobody = Nobody yet
picture-tantrix-rotations = Tile { $tile }: its rotations

## The tournament standings (the player's and "nobody" heads are the leaderboard's)

picture-standings-points = POINTS
picture-standings-games = GAMES
picture-standings-withdrawn = withdrawn
picture-standings-buchholz = BUCHHOLZ
picture-standings-sonneborn-berger = S-B
picture-standings-head-to-head = H2H
picture-standings-total-score = SCORE

## Tantrix Discovery (one player)

picture-discovery-title = Discovery { $size } · one { $colour } loop through every tile, no holes
picture-discovery-placed = { $placed } of { $size } tiles down
picture-discovery-progress = { $time } · { $actions ->
    [one] { $actions } action
   *[other] { $actions } actions
}
picture-discovery-solved = Solved in { $time } with { $actions ->
    [one] { $actions } action
   *[other] { $actions } actions
}
picture-discovery-all-down = Every tile is down.

## Tantrix Solitaire (one player)

picture-solitaire-title = Solitaire of { $day } · the longest { $colour } line, a loop scores double
picture-solitaire-progress = { $placed } of 14 tiles down · score { $score } · { $time } · { $actions ->
    [one] { $actions } action
   *[other] { $actions } actions
}
picture-solitaire-over = Over: score { $score } in { $time }
picture-solitaire-stack = { $count ->
    [0] the last tile
    [one] drawn; one more in the stack
   *[other] drawn; { $count } more in the stack
}
