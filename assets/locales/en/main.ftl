# Tabula's replies in English, the fallback for every other language.
# Arguments named player, winner, seat, game, moves, lineup and the like are parts of the reply with their own
# formatting (names, mentions, notation); they must each appear once in every translation.

n-moves = { $count ->
    [one] { $count } move
   *[other] { $count } moves
}

## Seats, as the engines name them

seat-attackers = Black (attackers)
seat-defenders = White (defenders)
seat-white = White
seat-black = Black
seat-red = Red
seat-blue = Blue
seat-yellow = Yellow
seat-green = Green

## Public game messages

lineup-plays = { $player } plays { $seat }
turn-thinking = Move { $number }: { $player } ({ $seat }) is thinking…
turn-to-move = Move { $number }: { $player } ({ $seat }) to move, with /move.
played = { $player } ({ $seat }) played { $moves }.
played-then = , then { $move }
game-over-wins = Game over: { $player } ({ $seat }) wins — { $reason }.
game-over-draw = Game over: a draw — { $reason }.
resigned-winner = { $player } ({ $seat }) resigned. { $winner } ({ $winner_seat }) wins.
resigned-no-winner = { $player } ({ $seat }) resigned; the game ends without a winner.
game-begins = The game of { $game } { $id } begins: { $lineup }.

## Turn prompts written by the engines

prompt-opening-capture = White's opening turn is a single capture.
prompt-turn-capture = Start the turn with a capture; you may send both moves at once ({ $example }).
prompt-second-move = Second move of the turn: a capture, stacking onto your own stack, or { $pass }.
prompt-forced-spaces = { $count ->
    [one] Forced space to fill first: { $cells }; the suggestions start with them.
   *[other] Forced spaces to fill first: { $cells }; the suggestions start with them.
}

## Clocks

duration-none = less than a minute
duration-m = { $minutes } min
duration-h = { $hours } h
duration-hm = { $hours } h { $minutes } min
duration-d = { $days } d
duration-dh = { $days } d { $hours } h
clock-to-move = { $player } to move
clock-left = { $player } to move, { $left } left
clock-none = { $player } to move, no clock

## Buttons

button-accept = Accept
button-decline = Decline
button-withdraw = Withdraw
button-rematch = Rematch
button-ask-abort = Ask to abort
button-newer = Newer
button-older = Older

## Help

help-more-seats = ; { $game }: up to { $count } opponents (opponent2, …)
help =
    { $tabula } plays { $games } in this channel.
    - { $play } challenges a member{ $more_seats }.
    - /accept or /decline answers a challenge (or use its buttons).
    - { $move } plays; start typing to see the legal moves.
    - /board shows the board, /resign resigns, /abort ends a game before its first move (after it, with your opponent's consent).
    - { $clock } in /play sets the time per move; { $thread } plays in a new thread. /notify dm:on sends your reminders by direct message.
    - /draw offers a draw (where the game allows it), /takeback asks to undo your last move; finished games have a Rematch button.
    - /history lists a member's games, /rating their ratings, { $leaderboard } the best players here; { $friendly } plays a friendly game.
    - { $record } posts the record of game #n (its id is in its messages); { $replay } adds an animated replay.
    - { $rules } explains a game's rules and how to write its moves.
    One game per channel: use a thread to play several at once.

## Discord

board-title = { $game } #{ $id } — move { $number }
replay-of = The replay of game { $id }.
button-unknown = That button is no longer in use.
button-elsewhere = That button belongs to another channel.
thread-refused = Tabula cannot create threads here (it lacks the permission to), so the game is played in this channel.
thread-opened = { $player } opened the thread “{ $thread }”:
