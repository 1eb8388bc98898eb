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
turn-thinking = Tah { $number }: { $player }, { $seat }, přemýšlí…
turn-to-move = Tah { $number }: na tahu je { $player }, { $seat }, hrajte přes /move.
played = { $player }, { $seat }, zahrál(a) { $moves }.
played-then = , potom { $move }
game-over-wins = Konec hry: { $player }, { $seat }, vyhrává — { $reason }.
game-over-draw = Konec hry: remíza — { $reason }.
game-over-stayed-wins = Konec hry: { $reason }. Z těch, kdo zůstali, vyhrává { $player }, { $seat }.
resigned-winner = { $player }, { $seat }, se vzdal(a). { $winner }, { $winner_seat }, vyhrává.
resigned-no-winner = { $player }, { $seat }, se vzdal(a); hra končí bez vítěze.
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
duration-m = { $minutes ->
    [one] { $minutes } minuta
    [few] { $minutes } minuty
   *[other] { $minutes } minut
}
duration-h = { $hours ->
    [one] { $hours } hodina
    [few] { $hours } hodiny
   *[other] { $hours } hodin
}
duration-hm = { $hours ->
    [one] { $hours } hodina
    [few] { $hours } hodiny
   *[other] { $hours } hodin
} { $minutes ->
    [one] { $minutes } minuta
    [few] { $minutes } minuty
   *[other] { $minutes } minut
}
duration-d = { $days ->
    [one] { $days } den
    [few] { $days } dny
   *[other] { $days } dní
}
duration-dh = { $days ->
    [one] { $days } den
    [few] { $days } dny
   *[other] { $days } dní
} { $hours ->
    [one] { $hours } hodina
    [few] { $hours } hodiny
   *[other] { $hours } hodin
}
clock-to-move = na tahu: { $player }
clock-left = na tahu: { $player }, zbývající čas: { $left }
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

help-someone = někdo
help-move = tah
help-name = název
help-more-seats = ; { $game }: až { $count } soupeři (opponent2, …)
help =
    { $tabula } hraje v tomto kanálu { $games }.
    - { $play } vyzve člena{ $more_seats }.
    - /accept nebo /decline odpoví na výzvu (nebo použijte její tlačítka); /withdraw vezme vaši zpět.
    - { $move } hraje tah; začněte psát a uvidíte přípustné tahy. Nebo hrajte klepáním: stiskněte Táhnout pod deskou (nebo pošlete samotné /move), vybírejte v nabídkách s obrázky a pak Zahrát.
    - /board ukáže desku, /resign vzdá hru, /abort ukončí hru před prvním tahem (po něm se souhlasem soupeře).
    - { $clock } v /play nastaví čas na tah; { $thread } hraje v novém vlákně. /notify dm:on posílá vaše připomínky soukromou zprávou.
    - /draw nabídne remízu (kde to hra dovoluje), /takeback požádá o vrácení vašeho posledního tahu; skončené hry mají tlačítko Odveta.
    - /history vypíše hry člena, /rating jeho hodnocení, { $leaderboard } nejlepší hráče tady; { $friendly } hraje přátelskou hru.
    - { $record } zveřejní záznam hry #n (číslo je v jejích zprávách); { $replay } přidá animovaný záznam, { $analysis } rozbor nejslabších tahů každého hráče od Tabuly. /hint vám soukromě navrhne tah (hra se pak nezapočítává do hodnocení).
    - { $rules } vysvětlí pravidla hry a jak zapisovat tahy.
    - /tournament vede turnaj zde (švýcarský systém, každý s každým nebo vyřazovací): kdo smí spravovat server, ho vytvoří, ostatní se přihlásí tlačítkem.
    - /settings (pro členy, kteří smí spravovat server) ukáže a změní nastavení Tabuly tady: jazyk veřejných zpráv, kanály pro hry, vlákna, výchozí hodiny, jak dlouho čekají výzvy.
    - /games vypíše vaše rozehrané hry všude, nejdřív ty, kde jste na tahu.
    - /privacy ukáže, co o vás Tabula uchovává; /privacy forget:true vás nechá zapomenout.
    - /puzzle tablut vám dá taktiku podle vašeho hodnocení hádanek (hrajte ji přes /move; /puzzle rating:true ukáže hodnocení); /puzzle tantrix size:8 začne hádanku Tantrix Discovery, kterou vidíte jen vy (pomůže /hint); /puzzle tantrix kind:solitaire hraje Solitaire dne; /puzzle table:true ukáže nejlepší řešení zde.
    Jedna hra na kanál: chcete-li hrát několik najednou, použijte vlákno.

## Discord

board-title = { $game } #{ $id } — tah { $number }
replay-of = Záznam hry { $id }.
button-unknown = Toto tlačítko se už nepoužívá.
button-elsewhere = Toto tlačítko patří do jiného kanálu.
thread-refused = Tabula tu nemůže vytvářet vlákna (chybí jí oprávnění), takže se hraje v tomto kanálu.
thread-opened = { $player } otevřel(a) vlákno „{ $thread }“:

## Turns and errors

not-started-waits = Hra ještě nezačala: čeká se, až ji přijme { $players }.
not-started-accept-first = Hra ještě nezačala: čeká se, až výzvu přijmete vy (jejím tlačítkem nebo /accept).
no-game-here = V tomto kanálu se nehraje žádná hra; začněte ji přes /play.
not-playing-start-own = V této hře nehrajete ({ $players }); začněte si vlastní ve vlákně nebo v jiném kanálu.
not-playing = V této hře nehrajete ({ $players }).
game-over-start-new = Tato hra skončila; novou začnete přes /play.
not-your-turn-thinking = Nejste na tahu: { $player } přemýšlí; jeho tah se objeví tady.
not-your-turn = Nejste na tahu: táhne { $player }, { $seat }.
move-empty = Za /move napište tah, například některý z těch, které nabízí automatické doplňování.
move-too-long = { $typed } není tah: tahy jsou krátké, jako ty, které nabízí automatické doplňování.
abort-nothing = V tomto kanálu není žádná hra ke zrušení.
abort-needs-consent = Už padly tahy, takže hru už nemůžete zrušit sami: můžete se vzdát přes /resign, nebo tlačítkem požádat soupeře o souhlas se zrušením.
abort-too-late = Už padly tahy, takže hru už nelze zrušit; můžete se vzdát přes /resign.
abort-not-allowed = Tuto hru mohou zrušit jen hráči (před prvním tahem) nebo člen, který smí spravovat zprávy.
abort-over = Ta hra už skončila; není co rušit.
aborted = { $player } zrušil(a) { $what ->
    [challenge] výzvu
   *[game] hru
} { $game } ({ $players }).
clock-line = Hodiny: { $clock }.
not-started = Hra ještě nezačala: výzva stále čeká na přijetí.
store-failed = Na naší straně se něco pokazilo a nic se nezměnilo; zkuste to prosím za chvíli znovu.
game-changed = Hra se změnila, zatímco se váš příkaz zpracovával; podívejte se na /board a zkuste to znovu.
notify-dm = Připomínky vám budou chodit soukromou zprávou (do kanálu hry, pokud ji Discord odmítne).
notify-channel = Připomínky vám budou chodit do kanálu hry.

## Challenges

channel-busy = V tomto kanálu už { $what ->
    [challenge] je otevřená výzva
   *[game] probíhá hra
} ({ $game }: { $players }); začněte svou ve vlákně nebo v jiném kanálu.
no-level = Úroveň { $level } neexistuje: zvolte úroveň od 1 (mírná) do 5 (nejsilnější).
not-a-variant = { $typed } není varianta hry { $game }: ty, které má, najdete v /help.
setup-over = V této pozici už hra skončila ({ $reason }): zadejte pozici, ve které strana na tahu ještě může hrát.
thread-only-play = Vlákno otevírá jen /play.
rematch-asked = { $player } žádá o odvetu ve hře { $game } (hra { $id }), strany se posunuly: { $lineup }.
challenge-raced = V tomto kanálu právě vznikla jiná výzva; začněte svou ve vlákně nebo v jiném kanálu.
clock-per-move = Čas na tah pro každého hráče: { $time }.
clock-no-limit = Tato hra nemá hodiny: přijetím souhlasíte, že ji budete hrát bez časového limitu.
answer-within = { $minutes ->
    [one] Přijměte nebo odmítněte do { $minutes } minuty, tlačítky nebo přes /accept a /decline.
   *[other] Přijměte nebo odmítněte do { $minutes } minut, tlačítky nebo přes /accept a /decline.
}
tabula-level = Tabula (úroveň { $level })
challenge-variant = Pravidla: { $variant } ({ $summary }).
challenge-setup = Výchozí pozice: { $setup }.
level-not-used = level:{ $level } se tu neuplatní: úrovně platí jen pro hry proti Tabule.
challenges = { $player } vyzývá { $opponents } ke hře { $game } (hra { $id }{ $rated ->
    [no] , nehodnocená: nikomu nezmění hodnocení
   *[yes] {""}
}).
challenge-taken = Ta výzva už byla přijata: hraje se; podívejte se na /board.
game-started = Hra v tomto kanálu už začala; podívejte se na /board.
challenge-closed = Ta výzva už není otevřená; novou začnete přes /play.
no-challenge = V tomto kanálu není otevřená výzva; začněte ji přes /play.
challenge-for-others = Tato výzva je pro { $players }; vlastní hru můžete začít v jiném kanálu nebo ve vlákně.
challenge-own = Tuto výzvu jste vytvořili vy; počkejte, až ji soupeři přijmou, nebo ji tlačítkem stáhněte.
accepted-already = Už jste přijali; čeká se na ostatní.
accepted-waiting = { $player } přijal(a) výzvu ke hře { $game }. Stále se čeká na { $waiting }.
accepted = { $player } přijal(a).
decline-not-yours = Tato výzva je pro { $players }; není na vás ji odmítnout.
declined = { $player } odmítl(a) výzvu ke hře { $game } od { $challenger }.
withdraw-not-yours = Výzvu může stáhnout jen ten, kdo ji vytvořil; vy ji můžete odmítnout.
withdrew = { $player } stáhl(a) výzvu ke hře { $game }.
challenge-expired = Výzva ke hře { $game } od { $challenger } vypršela bez odpovědi ({ $players }); novou začnete přes /play.
two-players = { $game } je pro dva hráče: uveďte právě jednoho soupeře.
players-range = { $game } je pro { $min } až { $max } hráče: uveďte jednoho až { $opponents } soupeře.
opponent-bot = { $player } je bot a nemůže hrát; vyzvěte raději člověka.
challenge-self = Nemůžete vyzvat sami sebe; uveďte jako soupeře jiného člena.
opponent-twice = { $player } je uveden(a) dvakrát; uveďte každého soupeře jen jednou.

## Offers

offer-pending = V této hře už čeká { $offer ->
    [draw] nabídka remízy
    [takeback] žádost o vrácení tahu
   *[abort] žádost o zrušení
} od { $player }; počkejte na odpověď, nebo ji zrušte zahráním tahu.
offer-pending-answer = { $player } v této hře { $offer ->
    [draw] nabízí remízu
    [takeback] žádá o vrácení tahu
   *[abort] žádá o zrušení hry
}: nejdřív odpovězte tlačítky té zprávy.
offer-made = { $player } { $offer ->
    [draw] nabízí remízu
    [takeback] žádá o vrácení svého posledního tahu
   *[abort] žádá o zrušení hry
}. { $opponent }, přijměte nebo odmítněte tlačítky.
no-draws = { $game } nelze remizovat dohodou: hrajte dál, nebo se vzdejte přes /resign.
draw-two-players = Remíza dohodou je jen pro hry dvou hráčů.
takeback-two-players = Vracení tahů je jen pro hry dvou hráčů.
takeback-hidden = { $game } nemá vracení tahů: kameny tažené po vašem tahu už byly vidět.
takeback-nothing = Nemáte žádný tah, který by šel vrátit.
takeback-too-late = Na vrácení posledního tahu je pozdě: { $player } od té doby táhl(a) dvakrát.
takeback-refused = { $player } tahy nevrací: výhra nad úrovní { $level } má něco znamenat.
offer-closed = Ta nabídka už neplatí: byla zodpovězena, padl tah, nebo jí vypršel čas.
offer-own = { $offer ->
    [draw] Tuto nabídku remízy
    [takeback] Tuto žádost o vrácení tahu
   *[abort] Tuto žádost o zrušení
} jste podali vy; odpovídá na ni soupeř.
offer-for-players = Tato nabídka je pro hráče této hry ({ $players }).
offer-declined = { $player } odmítl(a) { $offer ->
    [draw] nabídku remízy
    [takeback] žádost o vrácení tahu
   *[abort] žádost o zrušení
} od { $from }; hra pokračuje.
draw-agreed = { $player } přijal(a) nabídku remízy od { $from }. Konec hry: remíza dohodou.
abort-agreed = { $player } souhlasí: { $from } a { $player } hru { $game } zrušili.
takeback-agreed = { $player } přijal(a) vrácení tahu od { $from }: { $moves } { $count ->
    [one] je vrácen.
    [few] jsou vráceny.
   *[other] je vráceno.
}
rematch-busy = V tomto kanálu už { $what ->
    [challenge] je otevřená výzva
   *[game] probíhá hra
}; tlačítko odvety bude fungovat, až bude kanál volný.
rematch-unknown = Ta hra už není známa; novou začnete přes /play.
rematch-not-player = O odvetu mohou požádat jen hráči té hry.

## Reading commands

list-or = { $first } nebo { $last }
no-such-game = Hra { $typed } neexistuje: zvolte { $games }.
not-a-side = { $typed } není strana: zvolte first, second nebo random.
not-a-level = { $typed } není úroveň: zvolte úroveň od { $low } (mírná) do { $high } (nejsilnější).
not-a-bool = { $typed } není true ani false: napište { $name }:true nebo { $name }:false.
not-a-clock = { $typed } nejsou hodiny: zvolte { $choices } (čas na tah).
not-a-switch = { $typed } není on ani off: napište { $on } nebo { $off }.
not-a-page = { $typed } není stránka: stránky se počítají od 1.
takes-text = { $typed }: { $name } bere text, ne číslo ani člena.
takes-member = { $typed }: { $name } označuje člena tohoto serveru, například { $example }.
not-an-id = { $typed } není číslo hry: čísla vypadají jako `1042` a ve zprávách každé hry se ukazují jako `#1042`.
no-such-command = Příkaz /{ $command } neexistuje: zkuste { $commands }.
no-options = /{ $command } nemá volbu { $typed }; nebere žádné volby.
no-such-option = /{ $command } nemá volbu { $typed }; bere { $options }.
option-twice = Volba { $name } je zadána dvakrát; zadejte ji jednou.
choose-game = Zvolte hru ({ $games }): { $example }.
notify-where = Řekněte, kam mají chodit připomínky: { $on } (soukromé zprávy) nebo { $off } (kanál hry); nebo si o denní přehled her, kde jste na tahu, řekněte přes { $digest }.
give-id = Zadejte číslo hry, které se ve zprávách ukazuje jako `#1042`: { $example }.
replay-or-analysis = Požádejte o záznam, nebo o rozbor, jedno po druhém: { $example }.

## Reminders and timeouts

reminder =
    { $player }, jste na tahu ve hře { $game }, tah { $number }, strana { $seat }; zbývající čas: { $left }; pak vyprší.
    Hrajte přes /move, nebo si prohlédněte desku přes /board.
reminder-dm = Jste na tahu ve hře { $game } ({ $players }), zbývající čas: { $left }. Hrajte přes /move v { $channel }.
time-up-replaced = { $player }, { $seat }, nezahrál(a) včas (čas na tah: { $time }): jeho místo od teď hraje počítač (úroveň { $level }), takže hra pokračuje; { $name } je zapsán(a) jako hráč, který hru opustil.
time-up = Čas vypršel: { $player }, { $seat }, nezahrál(a) včas (čas na tah: { $time }) a prohrává na čas.
wins = { $player }, { $seat }, vyhrává.

## Endings: a seat that leaves a bigger game, places, the picture's line of an ending

resigned-replaced = { $player }, { $seat }, se vzdal(a): jeho místo od teď hraje počítač (úroveň { $level }), takže hra pokračuje; { $name } se umístí za všemi, kdo zůstanou.
resigned-last = { $player }, { $seat }, se vzdal(a) a nikdo nezůstal, kdo by hrál dál: hra skončila.
time-up-last = { $player }, { $seat }, nezahrál(a) včas (čas na tah: { $time }) a nikdo nezůstal, kdo by hrál dál: hra skončila.
played-for = Tabula (za { $player }, { $seat }) zahrála { $moves }.
turn-thinking-for = Tah { $number }: Tabula (za { $player }, { $seat }) přemýšlí…
game-over-shared = Konec hry: { $reason }.
standing = Pořadí: { $places }.
standing-place = { $place }. { $player }, { $seat }
standing-place-left = { $place }. { $player }, { $seat }, odešel/odešla
ended-shared = { $players } se dělí o první místo.
ended-draw = remíza.
ending-last-left = { $player } odešel/odešla poslední
outcome-shared = dělené { $place }. místo z { $of }

## Records

game-over-record = Hra { $id } skončila; její záznam ukáže { $command }.
no-such-id = Hra { $id } neexistuje: čísla her jsou uvedena v jejich zprávách.
record-elsewhere = Hra { $id } se hrála na jiném serveru; její záznam lze vidět jen tam.
no-moves-to-record = { $id } { $why ->
    [waiting] je výzva, která stále čeká na odpověď
    [declined] byla výzva, která byla odmítnuta
    [withdrawn] byla výzva, která byla stažena
    [expired] byla výzva, která vypršela bez odpovědi
   *[aborted] byla zrušena před prvním tahem
}, takže nemá žádné tahy k zapsání.
record-broken = Tahy hry { $id } už nejdou přehrát; její záznam nelze vytvořit.
in-play = probíhá ({ $how })
still-in-play = stále probíhá
ending-draw-agreed = remíza dohodou
ending-aborted = zrušeno: { $by }
ending-time = { $player } prohrál(a) na čas
ending-resigned = { $player } se vzdal(a)
ending-aborted-moderator = zrušeno moderátorem
ending-aborted-before = zrušeno před prvním tahem: { $player }
ending-decided = výsledek určil pořadatel: { $outcome } ({ $reason })
ending-decided-win = { $player } vyhrává
ending-decided-loss = { $player } prohrává
ending-decided-draw = remíza
ending-round-time = čas kola vypršel: remíza
ending-rules = ukončeno podle pravidel
record-summary = Hra { $id }: { $game }, { $players }, { $count ->
    [one] { $count } tah
    [few] { $count } tahy
   *[other] { $count } tahů
}: { $result }

## History

outcome-won = výhra
outcome-draw = remíza
outcome-lost = prohra
outcome-place = { $place }. z { $of }
ratings-moved = Hodnocení: { $ratings }.
history-empty = { $player } zatím nemá na tomto serveru žádné dohrané hry{ $game ->
    [none] {""}
   *[other] {" "}{ $game }
}.
history-no-page = Stránka { $page } neexistuje: historie{ $game ->
    [none] {""}
   *[other] {" "}her { $game }
} má { $pages ->
    [one] { $pages } stránku
    [few] { $pages } stránky
   *[other] { $pages } stránek
}.
history-title = Hry{ $game ->
    [none] {""}
   *[other] {" "}{ $game }
} hráče { $player } — stránka { $page } z { $pages } ({ $count ->
    [one] { $count } hra
    [few] { $count } hry
   *[other] { $count } her
})
unrated-mark = {" "}(nehodnocená)

## Ratings

lookup-failed = Na naší straně se něco pokazilo; zkuste to prosím za chvíli znovu.
no-ratings = { $player } zatím nemá žádné hodnocené hry: hodnocení vzniká z dohraných her mezi členy ({ $play }).
ratings-of = Hodnocení hráče { $player }
rating-row = { $board ->
    [all] napříč servery
   *[here] tento server
} ({ $count ->
    [one] { $count } hra
    [few] { $count } hry
   *[other] { $count } her
}, V-R-P { $record })
provisional-note = Znak `?` označuje hodnocení, které je ještě předběžné (málo her).
leaderboard-empty = V { $game } tu zatím nikdo nemá hodnocení: dohrajte hodnocenou hru ({ $play }) a žebříček se otevře.
leaderboard-title = Žebříček { $game } — { $count ->
    [one] { $count } hodnocený hráč.
    [few] { $count } hodnocení hráči.
   *[other] { $count } hodnocených hráčů.
}
leaderboard-place = { $player } je na { $place }. místě ({ $rating }).

## Direct messages

play-in-dm = Hraje se v kanálech serverů, ne v soukromých zprávách: použijte /play v kanálu serveru, kde Tabula je.

## What moves did and why games ended

effect-captured = sebráno: { $squares }
effect-captured-king = zajat král na { $square }
effect-king-captured = král byl zajat na { $square }
effect-king-escaped = král unikl na { $square }
end-no-moves = { $side } neměl(a) přípustný tah
end-repetition = stejná pozice nastala po { $count }.
list-and = { $first } a { $last }

## Settings

settings-in-dm = Nastavení patří serveru: použijte /settings v kanálu svého serveru.
settings-current = Nastavení Tabuly na tomto serveru:
settings-changed = Nastavení změněno. Nastavení Tabuly na tomto serveru:
settings-line-language = - Jazyk veřejných zpráv: { $value }
settings-line-channels = - Hry lze začínat v: { $value }
settings-line-threads = - Hry začínají ve vlákně: { $value }{ $mark }
settings-line-clock = - Výchozí hodiny: { $value }{ $mark }
settings-line-expiry = - Jak dlouho výzva čeká na odpověď: { $time }{ $mark }
settings-default-mark = {" "}(výchozí nastavení bota)
settings-language = { $name } ({ $code })
settings-language-follow = vlastní jazyk serveru, jak ho hlásí Discord (výchozí)
settings-every-channel = všechny kanály (výchozí)
settings-every-channel-but = všechny kanály kromě { $channels }
settings-blocked-now = Hry jsou teď povolené ve všech kanálech kromě { $channel }.
settings-yes = ano
settings-no = ne
settings-clock-per-move = { $time } na tah ({ $name })
settings-no-clock = bez hodin ({ $name })
settings-how = Změníte je příkazem { $command }; { $default } (nebo { $zero }) vrátí výchozí nastavení bota.
settings-bad-language = { $typed } není jazyk, kterým Tabula mluví: zvolte { $codes }, nebo { $server } pro vlastní jazyk serveru.
settings-bad-channel = { $typed }: { $name } označuje kanál tohoto serveru, například { $example }.
settings-bad-threads = { $typed } není na výběr: napište { $choices }.
settings-bad-clock = { $typed } nejsou hodiny: zvolte { $choices } (čas na tah), nebo { $default } pro výchozí hodiny bota.
settings-bad-minutes = { $typed } není doba čekání: zadejte, kolik minut výzva čeká, od 1 do { $max } (0 pro výchozí nastavení bota).
settings-bad-all-channels = { $typed }: napište { $all }, chcete-li znovu povolit hry ve všech kanálech ({ $allow } je omezí).
settings-disallow-absent = Hry už v { $channel } povolené nejsou.
settings-disallow-last = Hry jsou povolené jen v { $channel }: nejdřív povolte jiný kanál, nebo povolte všechny kanály pomocí { $all }.

## Settings seen by players

channel-not-allowed = Na tomto serveru se v tomto kanálu hry nezačínají; použijte { $channels }.
channel-blocked = Na tomto serveru se v { $channel } hry nezačínají; začněte svou v jiném kanálu.
settings-not-allowed = Nastavení Tabuly tu může zobrazit nebo změnit jen člen s oprávněním Spravovat server.

analysis-failed = Rozbor se nepovedl; zkuste to prosím znovu.
analysis-progress = Rozbor hry #{ $id }… { $done }/{ $total ->
    [one] { $total } pozice
    [few] { $total } pozice
   *[other] { $total } pozic
}

## The coach: /hint and the analysis of a game

hint-no-game = V tomto kanálu neběží žádná hra; rada je pro hráče na tahu.
hint-not-started = Hra ještě nezačala; o radu požádejte, až budete na tahu.
hint-not-player = O radu mohou požádat jen hráči této hry.
hint-not-your-move = Nejste na tahu; o radu požádejte, až budete.
hint-no-thought = Tabula teď nemohla přemýšlet; zkuste to prosím za chvíli znovu.
hint-game-ended = Hra skončila, zatímco Tabula přemýšlela.
hint-moved-on = Hra pokročila, zatímco Tabula přemýšlela; zeptejte se znovu.
hint-failed = Na naší straně se něco pokazilo a žádná rada nebyla dána; zkuste to prosím za chvíli znovu.
hint = Tabula (úroveň { $level }) by zahrála { $moves }. Hodnocení: { $verdict }.
hint-unrated = {" "}Tato hra se už nepočítá do hodnocení.
hint-notice = { $player } požádal(a) Tabulu o radu ve hře { $id }{ $rated ->
    [yes] : hra se už nepočítá do hodnocení.
   *[no] .
}
verdict-equal = zhruba vyrovnané
verdict-side = { $how ->
    [slight] { $side } má mírně lepší pozici
    [better] { $side } má lepší pozici
    [winning] { $side } vyhrává
   *[forced] { $side } vyhrává vynuceně (hledání to našlo)
}
verdict-you = { $how ->
    [slight] vy ({ $side }) máte mírně lepší pozici
    [better] vy ({ $side }) máte lepší pozici
    [winning] vy ({ $side }) vyhráváte
   *[forced] vy ({ $side }) vyhráváte vynuceně (hledání to našlo)
}
verdict-opponent = { $how ->
    [slight] soupeř má mírně lepší pozici
    [better] soupeř má lepší pozici
    [winning] soupeř vyhrává
   *[forced] soupeř vyhrává vynuceně (hledání to našlo)
}
analysis-elsewhere = Hra { $id } se hrála na jiném serveru; rozebrat ji lze jen tam.
analysis-not-finished = Hra { $id } není dohraná; rozebírají se jen dohrané hry.
analysis-no-moves = Hra { $id } skončila před prvním tahem: nejsou žádné tahy k rozboru.
analysis-broken = Tahy hry { $id } už nejde přehrát; hru nelze rozebrat.
analysis-title = Rozbor hry { $id } od Tabuly ({ $game }, úroveň { $level }, { $ms } ms na pozici, { $count ->
    [one] { $count } pozice
    [few] { $count } pozice
   *[other] { $count } pozic
}):
analysis-player = { $player }, { $side }:
analysis-none = - žádný tah, který by zřetelně ztratil.
analysis-mistake = - tah { $number }, { $played }: Tabula by raději zahrála { $preferred } ({ $before } před, { $after } po).

## The console (`tabula local`): its own lines around the bot's answers

console-to = (jen pro { $user })
console-remark = (konzole) { $text }
console-usage = napište { $form }, například { $example }
console-who = každý řádek začíná tím, kdo mluví: { $usage }
console-command = po { $user } následuje příkaz s lomítkem: { $usage }
console-lang-set = (konzole) { $user } teď čte Tabulu v jazyce { $lang }.
console-lang-unknown = { $typed } není jazyk, kterým Tabula mluví: zvolte { $codes }.
console-no-value = { $command } nebere žádnou hodnotu; odstraňte { $typed }.
console-members = Členy pište jako { $example }.
console-channels = Kanály pište jako { $example }.
console-no-suggestions = žádné návrhy
console-wait-how = Řekněte, jak dlouho čekat, například { $a }, { $b } nebo { $c }.
console-clock-fixed = Hodiny této konzole nelze posunout.
console-later = (konzole) uplynulý čas: { $time }…
console-wait-too-long = { $typed } je příliš dlouho: hodiny konzole se posunou nanejvýš o { $max } najednou.
console-no-buttons = Tady není žádná zpráva s tlačítky.
console-buttons = Poslední zpráva s tlačítky má { $labels }: napište { $example }.
console-write-failed = (konzole) nelze zapsat { $file }: { $error }
console-direct = (soukromá zpráva pro { $user })
console-archived = (konzole) vlákno { $thread } je archivováno.

## The live board in the browser (src/web, session/watch.rs)
web-title = živá deska
web-no-game = Tato adresa neotevírá žádnou hru. Stránka hry se otevírá jejím odkazem: stiskněte Sledovat živě pod deskou, nebo pošlete /game s číslem hry v jejím kanálu.
web-waiting-accept = Čeká se, až někdo výzvu přijme.
web-to-move = Na tahu je { $player }, { $seat }
web-over = Konec hry: { $result }
web-over-plain = Konec hry
web-off = Webová deska tu není zapnutá.
web-game-over = Tato hra se už nehraje.
web-not-player = Odkaz ke hraní dostanou jen hráči této hry.
web-your-link = Váš vlastní odkaz ke hraní této hry v prohlížeči (nesdílejte ho; platí týden):
web-open = Otevřít moji desku
web-tactic = Taktika { $game }: { $goal }.
web-tactic-solved = Taktika { $game }, vyřešeno: { $goal }.
web-tactic-missed = Taktika { $game }, nevyšlo to: řešení bylo { $solution }.
web-not-an-action = To tato stránka neumí.
web-give-up = Ukázat řešení
web-solo = { $puzzle } { $spec }: položeno { $placed } z { $size } kamenů · { $time } · { $actions ->
    [one] { $actions } akce
    [few] { $actions } akce
   *[other] { $actions } akcí
}. Cíl: { $goal }.
web-nothing-to-take-back = Není položen žádný kámen, který by šel vzít zpět.
web-take-back = Vzít zpět
web-play-button = Hrát v prohlížeči
web-watch-button = Sledovat živě
web-no-offer = Není na co odpovědět.
web-moves = Tahy
web-players = Hráči
web-your-turn = Jste na tahu.
web-draw = Nabídnout remízu
web-takeback = Požádat o vrácení tahu
web-resign = Vzdát se
web-confirm = Ano, provést
web-cancel = Zrušit
web-accept = Přijmout
web-decline = Odmítnout
web-offer-draw = Nabídnuta remíza
web-offer-takeback = Žádost o vrácení tahu
web-offer-abort = Žádost o zrušení
web-waiting-answer = Čeká se na odpověď.
web-first = Začátek
web-previous = Předchozí
web-next = Další
web-last = Konec
web-record = Stáhnout záznam
web-board-text = deska v textu
web-pass = Pasovat
web-rotate = Otočit
web-play = Zahrát
web-left = odešel
web-computer = počítač
web-time-left = zbývá:
web-refused = Tento odkaz pro tuto hru neplatí (možná vypršel): vyžádejte si nový tlačítkem Hrát v prohlížeči.
web-choose-move = Vyberte tah
web-live = Živě

## Výběr tahu
button-move = Táhnout
button-back = Zpět
button-other-groups = Jiné skupiny
pick-stale = Od zobrazení tohoto výběru hra pokročila; tady je nový.
pick-not-a-choice = To tu není na výběr; vyberte z nabídky.
pick-preview = Po tahu { $notation }:
pick-play = Zahrát { $notation }
pick-grouped = Možností je víc, než se vejde do jedné nabídky: nejprve vyberte skupinu.
pick-group = { $first } … { $last }
pick-other-game = Tento výběr patří k dřívější hře v tomto kanálu; stiskněte Táhnout u desky současné hry.
pick-spectator = V této hře je na tahu { $player }; můžete ji sledovat tady a vlastní hru začít příkazem /play.
console-no-select = Zatím vám nebyla ukázána žádná nabídka: otevřete ji příkazem /move.
console-select-options = Poslední nabídka, kterou jste viděli, nabízí { $options }: napište například { $example }.

## Tournaments

tournament-join-button = Přihlásit se
tournament-leave-button = Odhlásit se
tournament-in-dm = Turnaje běží na serveru: použijte /tournament v některém z jeho kanálů.
tournament-not-allowed = To smějí jen členové s oprávněním Spravovat server nebo s rolí pořadatelů z /settings (nebo pořadatel turnaje).
tournament-format-not-for-game = { $game } se hraje u stolů po třech nebo čtyřech, takže jeho turnaje jsou švýcarské ({ $swiss }), ne { $format }.
tournament-no-mini-match = { $game } se hraje u stolů, takže dvojice nemůže hrát minizápas: vynechte mini_match.
tournament-format-swiss = švýcarský systém
tournament-format-round-robin = každý s každým
tournament-format-knockout = vyřazovací systém
tournament-rounds = { $rounds ->
    [one] { $rounds } kolo
    [few] { $rounds } kola
   *[other] { $rounds } kol
}
tournament-rounds-as-needed = tolik kol, kolik hráči potřebují
tournament-announced = 🏆 Turnaj { $id }: { $game }, { $format }, { $rounds }, { $clock } na tah.
tournament-starts-in = Přihlašování končí a 1. kolo začíná za { $time }: stiskněte Přihlásit se.
tournament-round-now = Hraje se { $round }. kolo.
tournament-is-finished = Turnaj skončil.
tournament-is-cancelled = Turnaj byl zrušen.
tournament-no-players = Zatím žádní hráči.
tournament-players = Hráči ({ $count }/{ $max }): { $players }
tournament-unknown = Na tomto serveru není turnaj { $id }.
tournament-none-open = Na tomto serveru není otevřený turnaj; pořadatel ho vytvoří příkazem /tournament action:create.
tournament-which = Tento server má víc turnajů: řekněte, který, pomocí { $ids }.
tournament-closed = Přihlašování do turnaje { $id } je uzavřené.
tournament-already-in = Do turnaje { $id } jste už přihlášeni.
tournament-no-bots = Boti nemohou hrát turnaje.
tournament-full = Turnaj { $id } je plný ({ $max } hráčů).
tournament-not-in = Do turnaje { $id } nejste přihlášeni.
tournament-standings-title = Turnaj { $id }: { $game }
tournament-standings-subtitle = po { $round }. kole · hráčů: { $players }
tournament-standings = Pořadí turnaje { $id } po { $round }. kole: vede { $leader } s { $points } b.
tournament-standings-empty = Turnaj { $id } zatím nemá hráče.
tournament-state-signup = otevřený pro přihlášky
tournament-state-running = rozběhnutý
tournament-state-paused = pozastavený
tournament-state-finished = skončený
tournament-state-cancelled = zrušený
tournament-cannot = Turnaj { $id } je { $state }, takže to teď nejde.
tournament-paused = Turnaj { $id } pozastavil(a) { $by }: žádné nové kolo nezačne, dokud nebude pokračovat.
tournament-resumed = Turnaj { $id } pokračuje, obnovil(a) { $by }.
tournament-cancelled = Turnaj { $id } zrušil(a) { $by }.
tournament-withdrawn = { $player } už nehraje další kola turnaje { $id } (odhlásil(a) { $by }); dosavadní partie se počítají.
tournament-player-not-in = { $player } nehraje turnaj { $id }.
tournament-no-game-to-decide = { $player } nemá v { $round }. kole nerozhodnutou partii.
tournament-result-set = Turnaj { $id }: { $first } – { $second } je stanoveno na { $result }, zadal(a) { $by }. Důvod: { $reason }
tournament-too-few = Turnaj { $id } je zrušen: přihlásili se méně než dva hráči.
tournament-round-over = { $round }. kolo turnaje { $id } skončilo.
tournament-won = 🏆 Turnaj { $id } ({ $game }) skončil. Vítěz: { $winners }!
tournament-thread = Turnaj { $id } kolo { $round } stůl { $board }: { $players }
tournament-pairings = { $round }. kolo turnaje { $id }:
tournament-bye = volno (za výhru): { $player }
tournament-not-started = (nezačala)
tournament-board = stůl { $board }, { $thread }: { $players }
tournament-game-starts = Turnaj { $id }, { $round }. kolo: { $players }, vaše partie je tady.
tournament-not-a-number = { $option } bere celé číslo.
tournament-out-of-range = { $option } je mimo rozsah: použijte číslo od { $low } do { $high }.
tournament-needs-player = Řekněte, který hráč, například { $example }.
tournament-needs-outcome = Řekněte výsledek hráče (win, draw nebo loss), například { $example }.
tournament-needs-reason = Uveďte důvod (nejvýše { $max } znaků); zveřejní se s výsledkem.
tournament-no-such-action = Akce { $typed } neexistuje: použijte jednu z { $actions }.
tournament-no-such-format = Formát { $typed } neexistuje: použijte jeden z { $formats }.
tournament-bad-start = { $typed } není čas od teď mezi minutou a 30 dny: napište ho třeba jako { $example }.
tournament-mark = {" "}(turnaj { $id }, { $round }. kolo)

## Soukromí

privacy-data =
    Co Tabula uchovává o uživateli { $player }:
    - hry a výzvy, kterých jste se účastnili: { $sessions } (dokončené, ve vaší historii: { $finished }; vypíše je /history)
    - hodnocení: { $ratings } (ukáže je /rating)
    - přihlášky do turnajů: { $tournaments }
    - hádanky, které jste začali: { $puzzles }
    - taktiky z vašich dohraných her: { $tactics }
    - kam chodí vaše připomínky: { $notify }
    - váš denní přehled: { $digest }
    - jména, která jsou u vás zaznamenána: { $names }
    Vaše tahy a výsledky zůstávají ve hrách a záznamech ostatních hráčů. { $forget } odstraní vaše nastavení a všude nahradí vaše jméno neutrálním označením.
privacy-nothing = Tabula o uživateli { $player } nic neuchovává.
privacy-notify-dm = soukromou zprávou
privacy-notify-channel = do kanálu hry
privacy-notify-unset = nenastaveno (do kanálu hry)
privacy-confirm = Tímto se odstraní vaše nastavení a vaše jméno se ve všech hrách, záznamech, historii a hodnoceních nahradí neutrálním označením. Samotné hry zůstanou kvůli ostatním hráčům a tento krok nelze vrátit. Pokračujte tlačítkem { $button }.
button-forget = Zapomeň mě
privacy-forgotten = Hotovo: vaše nastavení jsou odstraněna a vaše jméno je nyní { $label } ve vašich hrách a výzvách (celkem { $sessions }), ve vaší historii i hodnoceních.
privacy-not-yours = Toto tlačítko patří jinému členovi: chcete-li být zapomenuti vy, použijte { $command }.
privacy-forget-failed = Vaše data teď nešlo zapomenout (nic se nezměnilo): zkuste to prosím za chvíli znovu.
takes-role = { $typed }: { $name } označuje roli tohoto serveru, například { $example }.
settings-line-organisers = - Turnaje pořádají: členové, kteří smějí spravovat server
settings-line-organisers-role = - Turnaje pořádají: členové, kteří smějí spravovat server, a role { $role }
settings-bad-off = { $typed } bere true nebo false, například { $example }.
settings-either = Zvolte buď { $set }, nebo { $off }, ne obojí.
console-roles = Role pište jako { $example }.
console-role-usage = Roli členovi dáte příkazem { $example } (- před rolí ji odebere).
console-role-not-allowed = Role v konzoli dávají jen admin a mod.
console-role-given = (konzole) { $user } teď má roli { $role }.
console-role-taken = (konzole) { $user } už nemá roli { $role }.
tournament-check-in-button = Potvrdit účast
tournament-check-in-later = Potvrzování účasti začíná { $time } před startem: do párování se dostanou jen ti, kdo potvrdí.
tournament-check-in-now = Potvrzování účasti běží: stiskněte Potvrdit účast, abyste byli nalosováni.
tournament-check-in-open = ⏰ Potvrzování účasti v turnaji { $id } běží až do startu za { $time }: { $players }, stiskněte Potvrdit účast, jinak nebudete nalosováni.
tournament-not-checked-in = Turnaj { $id } začíná bez { $count ->
    [one] jednoho hráče, který nepotvrdil
    [few] { $count } hráčů, kteří nepotvrdili
   *[other] { $count } hráčů, kteří nepotvrdili
} účast: { $players }.
tournament-check-in-over = Potvrzování účasti v turnaji { $id } skončilo: turnaj už začal.
tournament-no-check-in = Turnaj { $id } potvrzování účasti nemá: stačí přihláška.
tournament-check-in-not-yet = Potvrzování účasti v turnaji { $id } začne za { $time }; vraťte se pak.
tournament-checked-in-already = Účast v turnaji { $id } už máte potvrzenou.
tournament-check-in-not-in = Do turnaje { $id } nejste přihlášeni: stiskněte Přihlásit se (během potvrzování tím zároveň potvrdíte účast).
tournament-winner-role = Vítěz dostane roli { $role }.
tournament-role-given = Dostává roli { $role }.
tournament-role-refused = Nemohl jsem dát hráči { $player } roli { $role }: potřebuji oprávnění Spravovat role a roli nad ní. Moderátor ji může dát ručně.
# A clause of an engine (a refusal) as a sentence of its own: the code capitalizes it and ends it with a full stop.
sentence = { $text }

## Hádanky (pro jednoho hráče)

puzzle-size = Hádanka { $puzzle } má { $low } až { $high } kamenů.
puzzle-size-typed = { $typed } není velikost: zadejte počet kamenů, například { $example }.
puzzle-game = Hádanky pro { $game } tu zatím nejsou: zkuste { $example }.
puzzle-failed = Hádanku se teď nepodařilo uložit (nic se nezměnilo): zkuste to prosím za chvíli znovu.
puzzle-start = { $puzzle } s { $size } kameny: { $goal }, každé dotýkající se hrany souhlasí. Kámen položíte jeho výběrem níže; položený kámen vyberte, chcete-li ho přesunout, otočit nebo zvednout. Vidíte to jen vy; { $command } to vrátí.
puzzle-none = Nepracujete na žádné hádance: začněte ji příkazem { $example } (3 až 30 kamenů).
puzzle-gone = Tato hádanka už není uložena.
puzzle-not-yours = Tato hádanka patří někomu jinému: začněte svou příkazem { $example }.
puzzle-closed = Mezitím jste začali jinou hádanku, takže tato je uzavřena: { $command } ukáže tu, na které pracujete.
puzzle-stale = Hádanka se od té zprávy změnila (jiná zpráva nebo zařízení); tady je, jak vypadá teď.
puzzle-hint = Nápověda: kámen { $tile } patří na { $cell }, otočený { $turn } (na desce zakroužkovaný).
puzzle-hint-counted = Řešení s nápovědou se do tabulky nejrychlejších nepočítají.
puzzle-hint-impossible = Položené kameny nemohou v žádném řešení zůstat všechny, kde jsou: některé zvedněte (nejdřív ty poslední) a zeptejte se znovu.
puzzle-hint-unknown = Nestihl jsem hledání dokončit: zvedněte kámen nebo dva a zeptejte se znovu.
puzzle-hint-failed = Nápovědu se teď nepodařilo uložit, takže žádná nebyla dána: zkuste to prosím za chvíli znovu.
button-puzzle-put-hint = Položit ho tam
button-puzzle-post = Zveřejnit zde
button-puzzle-again = Další této velikosti
button-hint = Nápověda
puzzle-lifted = Kámen { $tile } je zpět stranou.
puzzle-put = Kámen { $tile } leží na { $cell }.
puzzle-solved = Vyřešeno! { $puzzle } { $size } za { $time } na { $actions ->
    [one] { $actions } tah
    [few] { $actions } tahy
    [many] { $actions } tahu
   *[other] { $actions } tahů
}{ $hints ->
    [0] .
    [one] {" "}a jednu nápovědu (mimo tabulku nejrychlejších).
   *[other] {" "}a { $hints } nápovědy (mimo tabulku nejrychlejších).
}
puzzle-start-day = { $puzzle } dne { $day } (dnes pro všechny stejný): { $goal }. Každý kámen se ukáže, jak je tažen; vyberte jeho místo, pak otočení. Vidíte to jen vy; { $command } to vrátí.
puzzle-scored = Konec! { $puzzle } dne { $spec }: skóre { $score }, { $made }, za { $time } na { $actions ->
    [one] { $actions } tah.
    [few] { $actions } tahy.
    [many] { $actions } tahu.
   *[other] { $actions } tahů.
}
puzzle-posted-score = { $player } získal(a) { $score } bodů v { $game } { $puzzle } dne { $spec } ({ $time }). Zkuste to: { $command }
puzzle-table-score-line = { $place }. { $player }: skóre { $score } ({ $time })
puzzle-no-hints = { $puzzle } nemá nápovědu: tažený kámen jde tam, kam ho dáte.
puzzle-kind = { $typed } tu není hádanka: vyberte jednu z { $kinds }.
puzzle-board = Položeno { $placed } z { $size } kamenů; cíl: { $goal }.
puzzle-menu-tiles = Položit kámen ({ $first }–{ $last })…
puzzle-menu-down = Přesunout, otočit nebo zvednout kámen ({ $first }–{ $last })…
puzzle-places = Kam patří kámen { $tile }? Místa, kde souhlasí, jsou na desce označena písmeny.
puzzle-places-down = Kam teď patří kámen { $tile }? Vyberte místo označené písmenem, nebo ho zvedněte.
puzzle-places-none = Kámen { $tile } nikde vedle položených kamenů nesouhlasí: vraťte se a nejdřív přesuňte jiný.
puzzle-lift = Zvednout
puzzle-place-option = { $letter }: { $cell }
puzzle-menu-places = Místo kamene { $tile }…
puzzle-no-fit = Kámen { $tile } teď na { $cell } nepasuje.
puzzle-turns = Jak otočený patří kámen { $tile } na { $cell }? Otočení, která souhlasí, jsou v obrázku označena písmeny.
puzzle-menu-turns = Otočení kamene { $tile }…
puzzle-turn-option = { $letter } (otočení { $turn })
puzzle-post-unsolved = Zveřejnit lze jen vyřešenou hádanku.
puzzle-posted = { $player } vyřešil(a) { $game } { $puzzle } { $size } za { $time } na { $actions ->
    [one] { $actions } tah
    [few] { $actions } tahy
    [many] { $actions } tahu
   *[other] { $actions } tahů
}{ $hints ->
    [0] .
    [one] {" "}a jednu nápovědu.
   *[other] {" "}a { $hints } nápovědy.
} Zkuste to: { $command }
puzzle-table-server = na tomto serveru
puzzle-table-alone = v soukromých zprávách
puzzle-table-empty = Žádná hádanka { $puzzle } zatím nebyla vyřešena bez nápovědy { $scope }: zkuste { $example }.
puzzle-table-size = Nejlepší řešení { $puzzle } { $size } { $scope } (bez nápovědy):
puzzle-table-all = Nejrychlejší řešení { $puzzle } každé velikosti { $scope } (bez nápovědy):
puzzle-table-line = { $place }. { $puzzle } { $size }: { $player }, { $time } ({ $actions ->
    [one] { $actions } tah
    [few] { $actions } tahy
    [many] { $actions } tahu
   *[other] { $actions } tahů
})
puzzle-tile-option = Kámen { $tile }

tactic-board = **Taktika { $game }** (hodnocení { $rating }): { $goal }. Zahrajte tah přes { $command }, například { $example }, nebo stiskněte Táhnout; vidíte to jen vy. Vaše hodnocení hádanek: { $mine }, série { $streak }.
tactic-none-left = Zkusili jste už všechny taktiky hry { $game }: zkuste jinou hru, nebo se vraťte, až přibudou další.
tactic-right = Správně: { $played }.
tactic-reply = Odpověď: { $reply }.
tactic-go-on = Jste na tahu.
tactic-wrong = { $played } to není: řešení je { $solution }.
tactic-given-up = Řešení: { $solution }.
tactic-solved = Vyřešeno! Vaše hodnocení hádanek: { $rating } ({ $change }), série { $streak }.
tactic-missed = Nevyšlo to. Vaše hodnocení hádanek: { $rating } ({ $change }); nejdelší série { $best }.
tactic-rating = Vaše hodnocení hádanek: { $rating } (± { $deviation }). Vyřešené taktiky: { $solved }, nevyřešené: { $failed }. Série: { $streak }, nejdelší { $best }.
tactic-rating-none = Hodnocení hádanek zatím nemáte: nejdřív vyřešte taktiku přes { $example }.
tactic-no-hints = Taktiky nemají nápovědy: najděte tah sami, nebo stiskněte Ukázat řešení (taktika se pak počítá jako nevyřešená).
tactic-options = Taktika nemá velikost ani tabulku: pošlete { $example } pro hádanku ve velikostech, nebo /puzzle s hrou pro její taktiky.
button-tactic-solution = Ukázat řešení
button-tactic-next = Další taktika
privacy-tactics-yes = povoleny (/privacy tactics:false to zastaví)
privacy-tactics-no = nepovoleny (/privacy tactics:true je povolí)
privacy-tactics-on = Od teď smí Tabula dělat taktiky pro /puzzle z vašich dohraných her (hra se použije, jen když to povolí všichni její hráči). /privacy tactics:false to zastaví.
privacy-tactics-off = Tabula už z vašich her taktiky nedělá (ty hotové zůstávají, bez vašeho jména).

daily-post = 🧩 **Denní hádanka** na { $date }: **{ $puzzle }**: { $goal }.
daily-tactic = Taktika { $game }
daily-solo = { $game } { $puzzle }
daily-how = Stiskněte **Zkusit** a řešte ji v soukromí: váš pokus vidíte jen vy. Zítřejší příspěvek řekne, kdo ji vyřešil.
daily-note = Denní hádanka na { $date }.
daily-results = Hádanku na { $date } ({ $puzzle }) vyřešili: { $solvers } ({ $tried ->
    [one] dokončil ji { $tried } člen
    [few] dokončili ji { $tried } členové
   *[other] dokončilo ji { $tried } členů
}).
daily-results-unsolved = Hádanku na { $date } ({ $puzzle }) nikdo nevyřešil: { $tried ->
    [one] zkusil ji jeden člen.
    [few] zkusili ji { $tried } členové.
   *[other] zkusilo ji { $tried } členů.
}
daily-results-none = Hádanku na { $date } ({ $puzzle }) nikdo nedokončil.
daily-solver-score = { $player } ({ $score })
daily-more = {" "}a { $count } další
button-daily-try = Zkusit
tactic-solved-unrated = Vyřešeno! Bez hodnocení: tuto taktiku jste už zkoušeli.
tactic-missed-unrated = Nevyšlo to. Bez hodnocení: tuto taktiku jste už zkoušeli.
settings-line-daily = - Denní hádanka: v { $channel }, každý den v { $hour } UTC
settings-line-no-daily = - Denní hádanka: žádná (daily_channel: pro ni nastaví kanál)
settings-bad-hour = { $typed } není hodina: zadejte číslo od 0 do 23 (UTC), například { $example }.
games-none = Nikde nemáte rozehranou hru ani výzvu: začněte ji přes { $play }.
games-heading = Vaše rozehrané hry a výzvy ({ $count }; na tahu jste v { $mine }):
games-line = - **{ $game }** #{ $id } s { $players }: { $state } · { $place }
games-your-move = jste na tahu
games-to-answer = výzva, na kterou máte odpovědět
games-waiting = vaše výzva čeká na odpověď
games-their-move = na tahu je { $player }
games-left = , zbývá { $left }
games-direct = v soukromých zprávách
games-web = {" "}· vaše deska: <{ $link }>
games-more = …a { $count } dalších.
notify-bad-hour = { $typed } není hodina: zadejte číslo od 0 do 23 (UTC), například { $example }.
notify-digest-both = { $off } přehled vypíná: hodinu nebere.
notify-digest-on = Každý den v { $hour } UTC vám přijde jedna soukromá zpráva s hrami, kde jste na tahu (v den bez nich žádná).
notify-digest-off = Denní přehledy už chodit nebudou.
digest-heading = Váš denní přehled: { $count ->
    [one] jedna hra čeká
    [few] { $count } hry čekají
   *[other] { $count } her čeká
} na váš tah.
privacy-digest-at = každý den v { $hour } UTC (/notify digest:off ho vypne)
privacy-digest-none = žádný
