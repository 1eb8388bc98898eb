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
turn-thinking = Move { $number }: { $player }, { $seat }, is thinking…
turn-to-move = Move { $number }: { $player }, { $seat }, to move with /move.
played = { $player }, { $seat }, played { $moves }.
played-then = , then { $move }
game-over-wins = Game over: { $player }, { $seat }, wins — { $reason }.
game-over-draw = Game over: a draw — { $reason }.
game-over-stayed-wins = Game over: { $reason }. Of those who stayed, { $player }, { $seat }, wins.
resigned-winner = { $player }, { $seat }, resigned. { $winner }, { $winner_seat }, wins.
resigned-no-winner = { $player }, { $seat }, resigned; the game ends without a winner.
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
duration-m = { $minutes ->
    [one] { $minutes } minute
   *[other] { $minutes } minutes
}
duration-h = { $hours ->
    [one] { $hours } hour
   *[other] { $hours } hours
}
duration-hm = { $hours ->
    [one] { $hours } hour
   *[other] { $hours } hours
} { $minutes ->
    [one] { $minutes } minute
   *[other] { $minutes } minutes
}
duration-d = { $days ->
    [one] { $days } day
   *[other] { $days } days
}
duration-dh = { $days ->
    [one] { $days } day
   *[other] { $days } days
} { $hours ->
    [one] { $hours } hour
   *[other] { $hours } hours
}
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

help-someone = someone
help-move = move
help-name = name
help-more-seats = ; { $game }: up to { $count } opponents (opponent2, …)
help =
    { $tabula } plays { $games } in this channel.
    - { $play } challenges a member{ $more_seats }.
    - /accept or /decline answers a challenge (or use its buttons); /withdraw takes back your own.
    - { $move } plays; start typing to see the legal moves. Or play by tapping: press Move under the board (or send /move alone), choose in the menus with their pictures, then Play.
    - /board shows the board, /resign resigns, /abort ends a game before its first move (after it, with your opponent's consent).
    - { $clock } in /play sets the time per move; { $thread } plays in a new thread. /notify dm:on sends your reminders by direct message.
    - /draw offers a draw (where the game allows it), /takeback asks to undo your last move; finished games have a Rematch button.
    - /history lists a member's games, /rating their ratings, { $leaderboard } the best players here; { $friendly } plays a friendly game.
    - { $record } posts the record of game #n (its id is in its messages); { $replay } adds an animated replay, { $analysis } Tabula's look at each player's weakest moves. /hint privately suggests a move (the game then no longer counts for ratings).
    - { $rules } explains a game's rules and how to write its moves.
    - /tournament runs a tournament here (Swiss, round robin or knockout): members who can manage the server create one, everyone joins with its Join button.
    - /settings (for members who can manage the server) shows and changes Tabula's settings here: the language of public messages, the channels for games, threads, the default clock, how long challenges wait.
    - /games lists your open games everywhere, those waiting for your move first.
    - /privacy shows what Tabula stores about you; /privacy forget:true has it forget you.
    - /puzzle tablut gives you a tactic near your puzzle rating (play it with /move; /puzzle rating:true shows your rating); /puzzle tantrix size:8 starts a Tantrix Discovery puzzle that only you see (/hint helps); /puzzle tantrix kind:solitaire plays the Solitaire of the day; /puzzle table:true shows the best solves here.
    One game per channel: use a thread to play several at once.

## Discord

board-title = { $game } #{ $id } — move { $number }
replay-of = The replay of game { $id }.
button-unknown = That button is no longer in use.
button-elsewhere = That button belongs to another channel.
thread-refused = Tabula cannot create threads here (it lacks the permission to), so the game is played in this channel.
thread-opened = { $player } opened the thread “{ $thread }”:

## Turns and errors

not-started-waits = The game has not started yet: it waits for { $players } to accept.
not-started-accept-first = The game has not started yet: it waits for you to accept the challenge (with its button or /accept).
no-game-here = There is no game in this channel; start one with /play.
not-playing-start-own = You are not playing in this game ({ $players }); start your own in a thread or another channel.
not-playing = You are not playing in this game ({ $players }).
game-over-start-new = This game is over; start a new one with /play.
not-your-turn-thinking = It is not your turn: { $player } is thinking; its move will appear here.
not-your-turn = It is not your turn: { $player }, { $seat }, is to move.
move-empty = Write a move after /move, for example the ones the autocomplete offers.
move-too-long = { $typed } is not a move: moves are short, like the ones the autocomplete offers.
abort-nothing = There is no game in this channel to abort.
abort-needs-consent = Moves have been played, so the game can no longer be aborted alone: you can /resign instead, or ask your opponent to agree to abort it with the button.
abort-too-late = Moves have been played, so the game can no longer be aborted; you can /resign instead.
abort-not-allowed = Only the players (before the first move) or a member who can manage messages can abort this game.
abort-over = That game is over; there is nothing to abort.
aborted = { $player } aborted the { $game } { $what ->
    [challenge] challenge
   *[game] game
} ({ $players }).
clock-line = Clock: { $clock }.
not-started = The game has not started yet: the challenge is still waiting for acceptance.
store-failed = Something went wrong on our side and nothing was changed; please try again in a moment.
game-changed = The game changed while your command was being handled; look at /board and try again.
notify-dm = Your reminders will come by direct message (in the game's channel if Discord refuses it).
notify-channel = Your reminders will come in the game's channel.

## Challenges

channel-busy = This channel already has { $what ->
    [challenge] an open challenge
   *[game] a game in progress
} ({ $game } of { $players }); start yours in a thread or another channel.
no-level = There is no level { $level }: choose a level from 1 (gentle) to 5 (strongest).
not-a-variant = { $typed } is not a variant of { $game }: see /help for the ones it has.
setup-over = That position is already over ({ $reason }): give one where the side to move can still play.
thread-only-play = Only /play opens a thread.
rematch-asked = { $player } asks for a rematch of { $game } (game { $id }), the seats moved on: { $lineup }.
challenge-raced = Another challenge was just made in this channel; start yours in a thread or another channel.
clock-per-move = Each player has { $time } per move.
clock-no-limit = This game has no clock: by accepting, you agree to play it without a time limit.
answer-within = { $minutes ->
    [one] Accept or decline within { $minutes } minute, with the buttons or /accept and /decline.
   *[other] Accept or decline within { $minutes } minutes, with the buttons or /accept and /decline.
}
tabula-level = Tabula (level { $level })
challenge-variant = Rules: { $variant } ({ $summary }).
challenge-setup = Starting position: { $setup }.
level-not-used = level:{ $level } does not apply: levels are for games against Tabula.
challenges = { $player } challenges { $opponents } to a game of { $game } (game { $id }{ $rated ->
    [no] , unrated: it will not change anyone's rating
   *[yes] {""}
}).
challenge-taken = That challenge was accepted already: the game is on; see /board.
game-started = The game in this channel has already started; see /board.
challenge-closed = That challenge is no longer open; start a new one with /play.
no-challenge = There is no open challenge in this channel; start one with /play.
challenge-for-others = This challenge is for { $players }; you can start your own game in another channel or a thread.
challenge-own = You made this challenge; wait for your opponents to accept, or withdraw it with the button.
accepted-already = You have already accepted; waiting for the others.
accepted-waiting = { $player } accepted the { $game } challenge. Still waiting for { $waiting }.
accepted = { $player } accepted.
decline-not-yours = This challenge is for { $players }; it is not yours to decline.
declined = { $player } declined the { $game } challenge from { $challenger }.
withdraw-not-yours = Only the player who made the challenge can withdraw it; you can decline it instead.
withdrew = { $player } withdrew the { $game } challenge.
challenge-expired = The { $game } challenge from { $challenger } expired unanswered ({ $players }); start a new one with /play.
two-players = { $game } is for two players: name exactly one opponent.
players-range = { $game } takes { $min } to { $max } players: name one to { $opponents } opponents.
opponent-bot = { $player } is a bot and cannot play; challenge a person instead.
challenge-self = You cannot challenge yourself; name another member as your opponent.
opponent-twice = { $player } is named twice; name each opponent once.

## Offers

offer-pending = There is already a pending { $offer ->
    [draw] draw offer
    [takeback] takeback request
   *[abort] request to abort
} by { $player } in this game; wait for its answer, or play a move to cancel it.
offer-pending-answer = There is already a pending { $offer ->
    [draw] draw offer
    [takeback] takeback request
   *[abort] request to abort
} by { $player } in this game: it is yours to answer, with the buttons of its message.
offer-made = { $player } { $offer ->
    [draw] offers a draw
    [takeback] asks to take back their last move
   *[abort] asks to abort the game
}. { $opponent }, accept or decline with the buttons.
no-draws = { $game } cannot be drawn by agreement: play on, or /resign.
draw-two-players = Draws by agreement are for games of two players.
takeback-two-players = Takebacks are for games of two players.
takeback-hidden = { $game } has no takebacks: the tiles drawn since your move were seen.
takeback-nothing = There is no move of yours to take back.
takeback-too-late = Too late to take back your last move: { $player } has moved twice since.
takeback-refused = { $player } does not grant takebacks: a win against level { $level } should mean something.
offer-closed = That offer is no longer open: it was answered, a move was played, or its time ran out.
offer-own = You made this { $offer ->
    [draw] draw offer
    [takeback] takeback request
   *[abort] request to abort
}; your opponent answers it.
offer-for-players = This offer is for the players of this game ({ $players }).
offer-declined = { $player } declined the { $offer ->
    [draw] draw offer
    [takeback] takeback request
   *[abort] request to abort
} of { $from }; the game goes on.
draw-agreed = { $player } accepted the draw offer of { $from }. Game over: a draw by agreement.
abort-agreed = { $player } agreed with { $from }: the { $game } game is aborted.
takeback-agreed = { $player } accepted the takeback of { $from }: { $moves } { $count ->
    [one] is taken back.
   *[other] are taken back.
}
rematch-busy = This channel already has { $what ->
    [challenge] an open challenge
   *[game] a game
}; the rematch button works once the channel is free.
rematch-unknown = That game is not known any more; start a new one with /play.
rematch-not-player = Only the players of that game can ask for its rematch.

## Reading commands

list-or = { $first } or { $last }
no-such-game = There is no game called { $typed }: choose { $games }.
not-a-side = { $typed } is not a side: choose first, second or random.
not-a-level = { $typed } is not a level: choose a level from { $low } (gentle) to { $high } (strongest).
not-a-bool = { $typed } is not true or false: write { $name }:true or { $name }:false.
not-a-clock = { $typed } is not a clock: choose { $choices } (time per move).
not-a-switch = { $typed } is not on or off: write { $on } or { $off }.
not-a-page = { $typed } is not a page: pages count from 1.
takes-text = { $typed }: { $name } takes text, not a number or a member.
takes-member = { $typed }: { $name } names a member of this server, like { $example }.
not-an-id = { $typed } is not a game id: ids are numbers like `1042`, shown as `#1042` in each game's messages.
no-such-command = There is no /{ $command } command: try { $commands }.
no-options = /{ $command } has no option { $typed }; it takes no options.
no-such-option = /{ $command } has no option { $typed }; it takes { $options }.
option-twice = The option { $name } is given twice; give it once.
choose-game = Choose a game ({ $games }): { $example }.
notify-where = Say where your reminders go: { $on } (direct messages) or { $off } (the game's channel); or ask for a daily digest of the games waiting for your move with { $digest }.
give-id = Give the game's id, shown as `#1042` in its messages: { $example }.
replay-or-analysis = Ask for the replay or the analysis, one at a time: { $example }.

## Reminders and timeouts

reminder =
    { $player }, your move in { $game }, move { $number }, as { $seat }: { $left } left, then the time runs out.
    Play with /move, or see the board with /board.
reminder-dm = Your move in { $game } ({ $players }): { $left } left. Play with /move in { $channel }.
time-up-replaced = Time is up for { $player }, { $seat }, who did not move within { $time }: the computer (level { $level }) plays the seat from now on, so the game goes on; { $name } is recorded as having abandoned.
time-up = Time is up: { $player }, { $seat }, did not move within { $time } and loses on time.
wins = { $player }, { $seat }, wins.

## Endings: a seat that leaves a bigger game, places, the picture's line of an ending

resigned-replaced = { $player }, { $seat }, resigned: the computer (level { $level }) plays the seat from now on, so the game goes on; { $name } ranks below everyone who stays.
resigned-last = { $player }, { $seat }, resigned, and nobody is left to play on: the game is over.
time-up-last = Time is up for { $player }, { $seat }, who did not move within { $time }, and nobody is left to play on: the game is over.
played-for = Tabula (for { $player }, { $seat }) played { $moves }.
turn-thinking-for = Move { $number }: Tabula (for { $player }, { $seat }) is thinking…
game-over-shared = Game over: { $reason }.
standing = Places: { $places }.
standing-place = { $place }. { $player }, { $seat }
standing-place-left = { $place }. { $player }, { $seat }, who left
ended-shared = { $players } share first place.
ended-draw = a draw.
ending-last-left = { $player } was the last to leave
outcome-shared = shared { $place ->
    [1] 1st
    [2] 2nd
    [3] 3rd
   *[other] { $place }th
} of { $of }

## Records

game-over-record = Game { $id } is over; { $command } shows its record.
no-such-id = There is no game { $id }: the ids are shown in each game's messages.
record-elsewhere = Game { $id } was played in another server; its record can be seen only there.
no-moves-to-record = { $id } { $why ->
    [waiting] is a challenge still waiting for an answer
    [declined] was a challenge that was declined
    [withdrawn] was a challenge that was withdrawn
    [expired] was a challenge that expired unanswered
   *[aborted] was aborted before its first move
}, so it has no moves to record.
record-broken = The moves of game { $id } no longer replay; its record cannot be made.
in-play = in play ({ $how })
still-in-play = still in play
ending-draw-agreed = a draw by agreement
ending-aborted = aborted by { $by }
ending-time = { $player } lost on time
ending-resigned = { $player } resigned
ending-aborted-moderator = aborted by a moderator
ending-aborted-before = aborted by { $player } before the first move
ending-decided = result set by the organiser: { $outcome } ({ $reason })
ending-decided-win = { $player } wins
ending-decided-loss = { $player } loses
ending-decided-draw = a draw
ending-round-time = the round's time ran out: a draw
ending-rules = ended by the rules
record-summary = Game { $id }: { $game }, { $players }, { $count ->
    [one] { $count } move
   *[other] { $count } moves
}: { $result }

## History

outcome-won = won
outcome-draw = draw
outcome-lost = lost
outcome-place = { $place ->
    [1] 1st
    [2] 2nd
    [3] 3rd
   *[other] { $place }th
} of { $of }
ratings-moved = Ratings: { $ratings }.
history-empty = { $player } has no finished games{ $game ->
    [none] {""}
   *[other] {" "}of { $game }
} on this server yet.
history-no-page = There is no page { $page }: the history{ $game ->
    [none] {""}
   *[other] {" "}of { $game }
} has { $pages ->
    [one] { $pages } page
   *[other] { $pages } pages
}.
history-title = { $player }'s { $game ->
    [none] {""}
   *[other] { $game }{" "}
}games — page { $page } of { $pages } ({ $count ->
    [one] { $count } game
   *[other] { $count } games
})
unrated-mark = {" "}(unrated)

## Ratings

lookup-failed = Something went wrong on our side; please try again in a moment.
no-ratings = { $player } has no rated games yet: ratings come from finished games between members ({ $play }).
ratings-of = Ratings of { $player }
rating-row = { $board ->
    [all] across servers
   *[here] this server
} ({ $count ->
    [one] { $count } game
   *[other] { $count } games
}, W-D-L { $record })
provisional-note = A `?` marks a rating that is still provisional (few games).
leaderboard-empty = Nobody is rated in { $game } here yet: finish a rated game ({ $play }) to open the leaderboard.
leaderboard-title = { $game } leaderboard — { $count ->
    [one] { $count } rated player.
   *[other] { $count } rated players.
}
leaderboard-place = { $player } is number { $place } ({ $rating }).

## Direct messages

play-in-dm = Games are played in server channels, not in direct messages: use /play in a channel of a server where Tabula is.

## What moves did and why games ended

effect-captured = captured { $squares }
effect-captured-king = captured the king on { $square }
effect-king-captured = the king was captured on { $square }
effect-king-escaped = the king escaped to { $square }
end-no-moves = { $side } had no legal move
end-repetition = the same position occurred a { $count ->
    [2] second
    [3] third
    [4] fourth
   *[other] { $count }th
} time
list-and = { $first } and { $last }

## Settings

settings-in-dm = Settings belong to a server: use /settings in a channel of your server.
settings-current = Tabula's settings on this server:
settings-changed = Settings changed. Tabula's settings on this server:
settings-line-language = - Language of public messages: { $value }
settings-line-channels = - Games may be started in: { $value }
settings-line-threads = - Games start in a thread: { $value }{ $mark }
settings-line-clock = - Default clock: { $value }{ $mark }
settings-line-expiry = - A challenge waits { $time } for its answer{ $mark }
settings-default-mark = {" "}(the bot's default)
settings-language = { $name } ({ $code })
settings-language-follow = the server's own language, as Discord reports it (default)
settings-every-channel = every channel (default)
settings-every-channel-but = every channel but { $channels }
settings-blocked-now = Games are allowed in every channel but { $channel } now.
settings-yes = yes
settings-no = no
settings-clock-per-move = { $time } per move ({ $name })
settings-no-clock = no clock ({ $name })
settings-how = Change them with { $command }; { $default } (or { $zero }) goes back to the bot's default.
settings-bad-language = { $typed } is not a language Tabula speaks: choose { $codes }, or { $server } to follow the server's own language.
settings-bad-channel = { $typed }: { $name } names a channel of this server, like { $example }.
settings-bad-threads = { $typed } is not a choice: write { $choices }.
settings-bad-clock = { $typed } is not a clock: choose { $choices } (time per move), or { $default } for the bot's.
settings-bad-minutes = { $typed } is not a waiting time: give the minutes a challenge waits, from 1 to { $max } (0 for the bot's default).
settings-bad-all-channels = { $typed }: write { $all } to allow games in every channel again ({ $allow } limits them).
settings-disallow-absent = Games are already not allowed in { $channel }.
settings-disallow-last = Games are allowed only in { $channel }: allow another channel first, or allow every channel with { $all }.

## Settings seen by players

channel-not-allowed = Games are not started in this channel on this server; use { $channels }.
channel-blocked = Games are not started in { $channel } on this server; start yours in another channel.
settings-not-allowed = Only members with the Manage Server permission can see or change Tabula's settings here.

analysis-failed = The analysis failed; please try again.
analysis-progress = Analysing game #{ $id }… { $done }/{ $total ->
    [one] { $total } position
   *[other] { $total } positions
}

## The coach: /hint and the analysis of a game

hint-no-game = There is no game in this channel; a hint is for the player to move.
hint-not-started = The game has not started yet; ask for a hint when it is your move.
hint-not-player = Only the players of this game can ask for a hint.
hint-not-your-move = It is not your move; ask for a hint when it is.
hint-no-thought = Tabula could not think just now; please try again in a moment.
hint-game-ended = The game ended while Tabula was thinking.
hint-moved-on = The game moved on while Tabula was thinking; ask again.
hint-failed = Something went wrong on our side and no hint was given; please try again in a moment.
hint = Tabula (level { $level }) would play { $moves }. Evaluation: { $verdict }.
hint-unrated = {" "}This game no longer counts for ratings.
hint-notice = { $player } asked Tabula for a hint in game { $id }{ $rated ->
    [yes] : it no longer counts for ratings.
   *[no] .
}
verdict-equal = about equal
verdict-side = { $how ->
    [slight] { $side } is slightly better
    [better] { $side } is better
    [winning] { $side } is winning
   *[forced] { $side } wins by force (the search found it)
}
verdict-you = { $how ->
    [slight] you ({ $side }) are slightly better
    [better] you ({ $side }) are better
    [winning] you ({ $side }) are winning
   *[forced] you ({ $side }) win by force (the search found it)
}
verdict-opponent = { $how ->
    [slight] an opponent is slightly better
    [better] an opponent is better
    [winning] an opponent is winning
   *[forced] an opponent wins by force (the search found it)
}
analysis-elsewhere = Game { $id } was played in another server; it can be analysed only there.
analysis-not-finished = Game { $id } is not a finished game; only finished games are analysed.
analysis-no-moves = Game { $id } ended before its first move: there are no moves to analyse.
analysis-broken = The moves of game { $id } no longer replay; it cannot be analysed.
analysis-title = Tabula's analysis of game { $id } ({ $game }, level { $level } at { $ms } ms a position, { $count ->
    [one] { $count } position
   *[other] { $count } positions
}):
analysis-player = { $player }, { $side }:
analysis-none = - no move that lost ground clearly.
analysis-mistake = - move { $number }, { $played }: Tabula preferred { $preferred } ({ $before } before, { $after } after).

## The console (`tabula local`): its own lines around the bot's answers

console-to = (to { $user } only)
console-remark = (console) { $text }
console-usage = write { $form }, for example { $example }
console-who = each line starts with who speaks: { $usage }
console-command = after { $user } comes a slash command: { $usage }
console-lang-set = (console) { $user } now reads Tabula in { $lang }.
console-lang-unknown = { $typed } is not a language Tabula speaks: choose { $codes }.
console-no-value = { $command } takes no value; remove { $typed }.
console-members = Write members as { $example }.
console-channels = Write channels as { $example }.
console-no-suggestions = no suggestions
console-wait-how = Say how long to wait, like { $a }, { $b } or { $c }.
console-clock-fixed = This console's clock cannot be moved.
console-later = (console) { $time } later…
console-wait-too-long = { $typed } is too long: the console's clock moves at most { $max } at a time.
console-no-buttons = There is no message with buttons here.
console-buttons = The last message with buttons has { $labels }: write { $example }.
console-write-failed = (console) could not write { $file }: { $error }
console-direct = (direct message to { $user })
console-archived = (console) the thread { $thread } is archived.

## The live board in the browser (src/web, session/watch.rs)
web-title = live board
web-no-game = This address opens no game. A game's page is reached through its link: press Watch live under its board, or send /game with the game's number in its channel.
web-waiting-accept = Waiting for the challenge to be accepted.
web-to-move = { $player }, { $seat }, to move
web-over = Game over: { $result }
web-over-plain = Game over
web-off = The web board is not on here.
web-game-over = This game is not being played any more.
web-not-player = Only the players of this game get a link to play it.
web-your-link = Your own link to play this game in the browser (do not share it; it lasts a week):
web-open = Open my board
web-tactic = { $game } tactic: { $goal }.
web-tactic-solved = { $game } tactic, solved: { $goal }.
web-tactic-missed = { $game } tactic, missed: the solution was { $solution }.
web-not-an-action = That is not something this page can do.
web-give-up = Show the solution
web-solo = { $puzzle } { $spec }: { $placed } of { $size } tiles down · { $time } · { $actions ->
    [one] { $actions } action
   *[other] { $actions } actions
}. The goal: { $goal }.
web-nothing-to-take-back = There is no tile down to take back.
web-take-back = Take back
web-play-button = Play in browser
web-watch-button = Watch live
web-no-offer = There is no offer to answer.
web-moves = Moves
web-players = Players
web-your-turn = Your move.
web-draw = Offer a draw
web-takeback = Ask for a takeback
web-resign = Resign
web-confirm = Yes, do it
web-cancel = Cancel
web-accept = Accept
web-decline = Decline
web-offer-draw = Draw offered
web-offer-takeback = Takeback asked
web-offer-abort = Abort asked
web-waiting-answer = Waiting for the answer.
web-first = First
web-previous = Previous
web-next = Next
web-last = Last
web-record = Download the record
web-board-text = the board in text
web-pass = Pass
web-rotate = Rotate
web-play = Play
web-left = left
web-computer = computer
web-time-left = time left:
web-refused = This link is not valid for this game (it may have expired): ask for a new one with the Play in browser button.
web-choose-move = Choose a move
web-live = Live

## The move picker
button-move = Move
button-back = Back
button-other-groups = Other groups
pick-stale = The game has moved on since this picker was shown; here is a fresh one.
pick-not-a-choice = That is not one of the choices here; choose one from the menu.
pick-preview = After { $notation }:
pick-play = Play { $notation }
pick-grouped = There are more choices than one menu holds: choose a group first.
pick-group = { $first } … { $last }
pick-other-game = This picker belongs to an earlier game in this channel; press Move on the current game's board.
pick-spectator = It is { $player }'s turn in this game; you can follow it here, and start a game of your own with /play.
console-no-select = No menu has been shown to you yet: open one with /move.
console-select-options = The last menu shown to you offers { $options }: write, for example, { $example }.

## Tournaments

tournament-join-button = Join
tournament-leave-button = Leave
tournament-in-dm = Tournaments are run in a server: use /tournament in one of its channels.
tournament-not-allowed = Only members with the Manage Server permission or the organisers' role of /settings (or the tournament's organiser) may do that.
tournament-format-not-for-game = { $game } is played at tables of three or four, so its tournaments are Swiss ({ $swiss }), not { $format }.
tournament-no-mini-match = { $game } is played at tables, so a pairing cannot be a mini-match: leave out mini_match.
tournament-format-swiss = Swiss
tournament-format-round-robin = round robin
tournament-format-knockout = knockout
tournament-rounds = { $rounds ->
    [one] { $rounds } round
   *[other] { $rounds } rounds
}
tournament-rounds-as-needed = as many rounds as the players need
tournament-announced = 🏆 Tournament { $id }: { $game }, { $format }, { $rounds }, { $clock } per move.
tournament-starts-in = Sign-up closes and round 1 starts in { $time }: press Join to play.
tournament-round-now = Round { $round } is being played.
tournament-is-finished = The tournament is over.
tournament-is-cancelled = The tournament was cancelled.
tournament-no-players = No players yet.
tournament-players = Players ({ $count }/{ $max }): { $players }
tournament-unknown = There is no tournament { $id } on this server.
tournament-none-open = There is no open tournament on this server; an organiser starts one with /tournament action:create.
tournament-which = This server runs more than one tournament: say which with { $ids }.
tournament-closed = Sign-up for tournament { $id } is closed.
tournament-already-in = You are already signed up for tournament { $id }.
tournament-no-bots = Bots cannot play in tournaments.
tournament-full = Tournament { $id } is full ({ $max } players).
tournament-not-in = You are not signed up for tournament { $id }.
tournament-standings-title = Tournament { $id }: { $game }
tournament-standings-subtitle = after round { $round } · { $players } players
tournament-standings = Standings of tournament { $id } after round { $round }: { $leader } leads with { $points }.
tournament-standings-empty = Tournament { $id } has no players yet.
tournament-state-signup = open for sign-up
tournament-state-running = running
tournament-state-paused = paused
tournament-state-finished = over
tournament-state-cancelled = cancelled
tournament-cannot = Tournament { $id } is { $state }, so that cannot be done now.
tournament-paused = Tournament { $id } is paused by { $by }: no new round starts until it resumes.
tournament-resumed = Tournament { $id } goes on, resumed by { $by }.
tournament-cancelled = Tournament { $id } was cancelled by { $by }.
tournament-withdrawn = { $player } is out of the later rounds of tournament { $id } (withdrawn by { $by }); their games so far count.
tournament-player-not-in = { $player } is not playing in tournament { $id }.
tournament-no-game-to-decide = { $player } has no undecided game in round { $round }.
tournament-result-set = Tournament { $id }: { $first } – { $second } is set to { $result } by { $by }. Reason: { $reason }
tournament-too-few = Tournament { $id } is cancelled: fewer than two players signed up.
tournament-round-over = Round { $round } of tournament { $id } is over.
tournament-won = 🏆 Tournament { $id } ({ $game }) is over. The winner: { $winners }!
tournament-thread = Tournament { $id } round { $round } board { $board }: { $players }
tournament-pairings = Round { $round } of tournament { $id }:
tournament-bye = bye (a win): { $player }
tournament-not-started = (not started)
tournament-board = board { $board }, { $thread }: { $players }
tournament-game-starts = Tournament { $id }, round { $round }: { $players }, your game is here.
tournament-not-a-number = { $option } takes a whole number.
tournament-out-of-range = { $option } is out of range: use a number from { $low } to { $high }.
tournament-needs-player = Say which player, for example { $example }.
tournament-needs-outcome = Say the player's result (win, draw or loss), for example { $example }.
tournament-needs-reason = Give a reason (at most { $max } characters); it is posted with the result.
tournament-no-such-action = There is no action { $typed }: use one of { $actions }.
tournament-no-such-format = There is no format { $typed }: use one of { $formats }.
tournament-bad-start = { $typed } is not a time from now between a minute and 30 days: write it like { $example }.
tournament-mark = {" "}(tournament { $id }, round { $round })

## Privacy

privacy-data =
    What Tabula stores about { $player }:
    - games and challenges you took part in: { $sessions } (finished, in your history: { $finished }; /history lists them)
    - ratings: { $ratings } (/rating shows them)
    - tournament entries: { $tournaments }
    - puzzles you started: { $puzzles }
    - tactics made from your finished games: { $tactics }
    - where your reminders go: { $notify }
    - your daily digest: { $digest }
    - the names recorded for you: { $names }
    Your moves and results stay in the other players' games and records. { $forget } removes your preferences and replaces your name everywhere with a neutral label.
privacy-nothing = Tabula stores nothing about { $player }.
privacy-notify-dm = by direct message
privacy-notify-channel = in the game's channel
privacy-notify-unset = not set (in the game's channel)
privacy-confirm = This removes your preferences and replaces your name in every game, record, history and rating with a neutral label. The games themselves stay, for the other players, and this cannot be undone. Press { $button } to go ahead.
button-forget = Forget me
privacy-forgotten = Done: your preferences are removed, and your name is now { $label } in { $sessions ->
    [one] your game or challenge
   *[other] your { $sessions } games and challenges
}, your history and your ratings.
privacy-not-yours = This button belongs to another member: use { $command } to be forgotten yourself.
privacy-forget-failed = Your data could not be forgotten just now (nothing was changed): please try again in a moment.
takes-role = { $typed }: { $name } names a role of this server, like { $example }.
settings-line-organisers = - Tournaments are run by: members who may manage the server
settings-line-organisers-role = - Tournaments are run by: members who may manage the server, and the role { $role }
settings-bad-off = { $typed } takes true or false, like { $example }.
settings-either = Choose either { $set } or { $off }, not both.
console-roles = Write roles as { $example }.
console-role-usage = Give a member a role with { $example } (a - before the role takes it back).
console-role-not-allowed = Only admin and mod give roles in the console.
console-role-given = (console) { $user } now has the role { $role }.
console-role-taken = (console) { $user } no longer has the role { $role }.
tournament-check-in-button = Check in
tournament-check-in-later = Check-in opens { $time } before the start: only those who check in are paired.
tournament-check-in-now = Check-in is open: press Check in to be paired.
tournament-check-in-open = ⏰ Check-in for tournament { $id } is open until the start in { $time }: { $players }, press Check in or you will not be paired.
tournament-not-checked-in = Tournament { $id } starts without { $count ->
    [one] one player who
   *[other] { $count } players who
} did not check in: { $players }.
tournament-check-in-over = Check-in for tournament { $id } is over: it has started.
tournament-no-check-in = Tournament { $id } has no check-in: signing up is enough.
tournament-check-in-not-yet = Check-in for tournament { $id } opens in { $time }; come back then.
tournament-checked-in-already = You are already checked in for tournament { $id }.
tournament-check-in-not-in = You are not signed up for tournament { $id }: press Join (during check-in that checks you in too).
tournament-winner-role = The winner is given the role { $role }.
tournament-role-given = They are given the role { $role }.
tournament-role-refused = I could not give { $player } the role { $role }: I need the Manage Roles permission and a role above it. A moderator can give it by hand.
# A clause of an engine (a refusal) as a sentence of its own: the code capitalizes it and ends it with a full stop.
sentence = { $text }

## Puzzles (one player)

puzzle-size = A { $puzzle } puzzle has { $low } to { $high } tiles.
puzzle-size-typed = { $typed } is not a size: give the number of tiles, like { $example }.
puzzle-game = Puzzles for { $game } are not here yet: try { $example }.
puzzle-failed = The puzzle could not be saved just now (nothing was changed): please try again in a moment.
puzzle-start = { $puzzle } of { $size } tiles: { $goal }, every touching edge matching. Choose a tile below to put it down; choose one that is down to move it, turn it or pick it up. Only you see this; { $command } brings it back.
puzzle-none = You are not working on a puzzle: start one with { $example } (3 to 30 tiles).
puzzle-gone = That puzzle is no longer kept.
puzzle-not-yours = That puzzle is someone else's: start your own with { $example }.
puzzle-closed = You started another puzzle since, so this one is closed: { $command } shows the one you are working on.
puzzle-stale = The puzzle changed since that message (another message or device); here it is now.
puzzle-hint = Hint: tile { $tile } goes on { $cell }, turned { $turn } (ringed on the board).
puzzle-hint-counted = Solves with hints do not go on the fastest table.
puzzle-hint-impossible = The tiles down cannot all stay where they are in any solution: pick some up (the last ones first) and ask again.
puzzle-hint-unknown = I could not finish looking within my time: pick up a tile or two and ask again.
puzzle-hint-failed = The hint could not be saved just now, so none was given: please try again in a moment.
button-puzzle-put-hint = Put it there
button-puzzle-post = Post it here
button-puzzle-again = Another of this size
button-hint = Hint
puzzle-lifted = Tile { $tile } is back on the side.
puzzle-put = Tile { $tile } is down on { $cell }.
puzzle-solved = Solved! { $puzzle } { $size } in { $time } with { $actions ->
    [one] { $actions } action
   *[other] { $actions } actions
}{ $hints ->
    [0] .
    [one] {" "}and one hint (not on the fastest table).
   *[other] {" "}and { $hints } hints (not on the fastest table).
}
puzzle-start-day = { $puzzle } of { $day } (the same for everyone today): { $goal }. Each tile shows as it is drawn; choose its place, then its turn. Only you see this; { $command } brings it back.
puzzle-scored = Over! { $puzzle } of { $spec }: score { $score }, { $made }, in { $time } with { $actions ->
    [one] { $actions } action.
   *[other] { $actions } actions.
}
puzzle-posted-score = { $player } scored { $score } in { $game } { $puzzle } of { $spec } ({ $time }). Try it: { $command }
puzzle-table-score-line = { $place }. { $player }: score { $score } ({ $time })
puzzle-no-hints = { $puzzle } has no hints: the tile drawn goes where you choose.
puzzle-kind = { $typed } is not a puzzle here: choose one of { $kinds }.
puzzle-board = { $placed } of { $size } tiles down; the goal: { $goal }.
puzzle-menu-tiles = Put a tile down ({ $first }–{ $last })…
puzzle-menu-down = Move, turn or pick up a tile ({ $first }–{ $last })…
puzzle-places = Where does tile { $tile } go? The places where it matches are lettered on the board.
puzzle-places-down = Where does tile { $tile } go now? Choose a lettered place, or pick it up.
puzzle-places-none = Tile { $tile } matches nowhere beside the tiles down: go back and move another first.
puzzle-lift = Pick it up
puzzle-place-option = { $letter }: { $cell }
puzzle-menu-places = Place of tile { $tile }…
puzzle-no-fit = Tile { $tile } does not fit on { $cell } now.
puzzle-turns = Which way round does tile { $tile } go on { $cell }? Its turns that match are lettered in the picture.
puzzle-menu-turns = Turn of tile { $tile }…
puzzle-turn-option = { $letter } (turned { $turn })
puzzle-post-unsolved = Only a solved puzzle can be posted.
puzzle-posted = { $player } solved { $game } { $puzzle } { $size } in { $time } with { $actions ->
    [one] { $actions } action
   *[other] { $actions } actions
}{ $hints ->
    [0] .
    [one] {" "}and one hint.
   *[other] {" "}and { $hints } hints.
} Try it: { $command }
puzzle-table-server = on this server
puzzle-table-alone = in direct messages
puzzle-table-empty = No { $puzzle } puzzle has been solved without hints { $scope } yet: try { $example }.
puzzle-table-size = Best { $puzzle } { $size } solves { $scope } (without hints):
puzzle-table-all = Fastest { $puzzle } solve of each size { $scope } (without hints):
puzzle-table-line = { $place }. { $puzzle } { $size }: { $player }, { $time } ({ $actions ->
    [one] { $actions } action
   *[other] { $actions } actions
})
puzzle-tile-option = Tile { $tile }

tactic-board = **{ $game } tactic** (rated { $rating }): { $goal }. Play your move with { $command }, as in { $example }, or press Move; only you see this. Your puzzle rating: { $mine }, streak { $streak }.
tactic-none-left = You have tried every { $game } tactic there is: try another game's, or come back when more are found.
tactic-right = Right: { $played }.
tactic-reply = The reply: { $reply }.
tactic-go-on = Your move.
tactic-wrong = { $played } is not it: the solution is { $solution }.
tactic-given-up = The solution: { $solution }.
tactic-solved = Solved! Your puzzle rating: { $rating } ({ $change }), streak { $streak }.
tactic-missed = Missed. Your puzzle rating: { $rating } ({ $change }); your best streak is { $best }.
tactic-rating = Your puzzle rating: { $rating } (± { $deviation }). Tactics solved: { $solved }, missed: { $failed }. Streak: { $streak }, best { $best }.
tactic-rating-none = You have no puzzle rating yet: solve a tactic first, with { $example }.
tactic-no-hints = Tactics have no hints: find the move yourself, or press Show the solution (the tactic then counts as missed).
tactic-options = A tactic takes no size and has no table: send { $example } for a puzzle in sizes, or /puzzle with a game for its tactics.
button-tactic-solution = Show the solution
button-tactic-next = Next tactic
privacy-tactics-yes = allowed (/privacy tactics:false stops it)
privacy-tactics-no = not allowed (/privacy tactics:true allows it)
privacy-tactics-on = From now on, Tabula may make tactics for /puzzle from your finished games (a game is used only when every player in it allows it). /privacy tactics:false stops it.
privacy-tactics-off = Tabula no longer makes tactics from your games (those already made stay, without your name).

daily-post = 🧩 **Daily puzzle** of { $date }: **{ $puzzle }**: { $goal }.
daily-tactic = { $game } tactic
daily-solo = { $game } { $puzzle }
daily-how = Press **Try it** to solve it privately: only you see your attempt. Tomorrow's post says who solved it.
daily-note = Daily puzzle of { $date }.
daily-results = The puzzle of { $date } ({ $puzzle }) was solved by { $solvers } ({ $tried } finished it).
daily-results-unsolved = Nobody solved the puzzle of { $date } ({ $puzzle }): { $tried ->
    [one] one member tried.
   *[other] { $tried } members tried.
}
daily-results-none = Nobody finished the puzzle of { $date } ({ $puzzle }).
daily-solver-score = { $player } ({ $score })
daily-more = {" "}and { $count } more
button-daily-try = Try it
tactic-solved-unrated = Solved! Not rated: you had tried this tactic before.
tactic-missed-unrated = Missed. Not rated: you had tried this tactic before.
settings-line-daily = - Daily puzzle: in { $channel }, every day at { $hour } UTC
settings-line-no-daily = - Daily puzzle: none (daily_channel: sets a channel for it)
settings-bad-hour = { $typed } is not an hour: give one from 0 to 23 (UTC), like { $example }.
games-none = You have no open game or challenge anywhere: start one with { $play }.
games-heading = Your open games and challenges ({ $count }; your move in { $mine }):
games-line = - **{ $game }** #{ $id } with { $players }: { $state } · { $place }
games-your-move = your move
games-to-answer = a challenge for you to answer
games-waiting = your challenge, waiting for an answer
games-their-move = { $player } to move
games-left = , { $left } left
games-direct = in direct messages
games-web = {" "}· your board: <{ $link }>
games-more = …and { $count } more.
notify-bad-hour = { $typed } is not an hour: give one from 0 to 23 (UTC), like { $example }.
notify-digest-both = { $off } stops the digest: it takes no hour.
notify-digest-on = Every day at { $hour } UTC, one direct message will list the games waiting for your move (none on a day without any).
notify-digest-off = No more daily digests.
digest-heading = Your daily digest: { $count ->
    [one] one game waits
   *[other] { $count } games wait
} for your move.
privacy-digest-at = every day at { $hour } UTC (/notify digest:off stops it)
privacy-digest-none = none
