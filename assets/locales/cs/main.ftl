# Odpovědi Tabuly česky.

n-moves = { $count ->
    [one] { $count } tah
    [few] { $count } tahy
   *[other] { $count } tahů
}

## Strany, jak je nazývají herní jádra

seat-attackers = černí (útočníci)
seat-defenders = bílí (obránci)
seat-white = bílý
seat-black = černý
seat-red = červená
seat-blue = modrá
seat-yellow = žlutá
seat-green = zelená

## Veřejné zprávy o hře

lineup-plays = { $player } hraje: { $seat }
turn-thinking = Tah { $number }: { $player } ({ $seat }) přemýšlí…
turn-to-move = Tah { $number }: na tahu je { $player } ({ $seat }), hrajte přes /move.
played = { $player } ({ $seat }) zahrál(a) { $moves }.
played-then = , potom { $move }
game-over-wins = Konec hry: { $player } ({ $seat }) vyhrává — { $reason }.
game-over-draw = Konec hry: remíza — { $reason }.
resigned-winner = { $player } ({ $seat }) se vzdal(a). { $winner } ({ $winner_seat }) vyhrává.
resigned-no-winner = { $player } ({ $seat }) se vzdal(a); hra končí bez vítěze.
game-begins = Začíná hra { $game } { $id }: { $lineup }.

## Výzvy k tahu z herních jader

prompt-opening-capture = Úvodní tah bílého je jediné braní.
prompt-turn-capture = Začněte tah braním; oba tahy můžete poslat najednou ({ $example }).
prompt-second-move = Druhý tah: braní, postavení na vlastní věž, nebo { $pass }.
prompt-forced-spaces = { $count ->
    [one] Nejprve vyplňte vynucené pole: { $cells }; návrhy začínají jím.
   *[other] Nejprve vyplňte vynucená pole: { $cells }; návrhy začínají jimi.
}

## Hodiny

duration-none = méně než minuta
duration-m = { $minutes } min
duration-h = { $hours } h
duration-hm = { $hours } h { $minutes } min
duration-d = { $days } d
duration-dh = { $days } d { $hours } h
clock-to-move = na tahu: { $player }
clock-left = na tahu: { $player }, zbývá { $left }
clock-none = na tahu: { $player }, bez hodin

## Tlačítka

button-accept = Přijmout
button-decline = Odmítnout
button-withdraw = Stáhnout
button-rematch = Odveta
button-ask-abort = Požádat o zrušení
button-newer = Novější
button-older = Starší

## Nápověda

help-more-seats = ; { $game }: až { $count } soupeři (opponent2, …)
help =
    { $tabula } hraje v tomto kanálu { $games }.
    - { $play } vyzve člena{ $more_seats }.
    - /accept nebo /decline odpoví na výzvu (nebo použijte její tlačítka).
    - { $move } hraje tah; začněte psát a uvidíte přípustné tahy.
    - /board ukáže desku, /resign vzdá hru, /abort ukončí hru před prvním tahem (po něm se souhlasem soupeře).
    - { $clock } v /play nastaví čas na tah; { $thread } hraje v novém vlákně. /notify dm:on posílá vaše připomínky soukromou zprávou.
    - /draw nabídne remízu (kde to hra dovoluje), /takeback požádá o vrácení vašeho posledního tahu; skončené hry mají tlačítko Odveta.
    - /history vypíše hry člena, /rating jeho hodnocení, { $leaderboard } nejlepší hráče tady; { $friendly } hraje přátelskou hru.
    - { $record } zveřejní záznam hry #n (číslo je v jejích zprávách); { $replay } přidá animovaný záznam.
    - { $rules } vysvětlí pravidla hry a jak zapisovat tahy.
    Jedna hra na kanál: chcete-li hrát několik najednou, použijte vlákno.

## Discord

board-title = { $game } #{ $id } — tah { $number }
replay-of = Záznam hry { $id }.
button-unknown = Toto tlačítko se už nepoužívá.
button-elsewhere = Toto tlačítko patří do jiného kanálu.
thread-refused = Tabula tu nemůže vytvářet vlákna (chybí jí oprávnění), takže se hraje v tomto kanálu.
thread-opened = { $player } otevřel(a) vlákno „{ $thread }“:
