# Věty herních motorů: proč je tah nebo nastavení odmítnuto, co tah udělal, jak hra skončila. Pole, body, buňky,
# čísla kamenů a zápis tahů zůstávají, jak jsou napsané.

## Společné

engine-as-written = { $text }
engine-comma = { $first }, { $second }
engine-semicolon = { $first }; { $second }
engine-list-or = { $first } nebo { $last }
setup-seats = { $game } je pro { $count ->
    [one] { $count } hráče
    [few] { $count } hráče
    [many] { $count } hráče
   *[other] { $count } hráčů
}, ne pro { $given }
setup-seats-range = { $game } je pro { $min } až { $max ->
    [one] { $max } hráče
    [few] { $max } hráče
    [many] { $max } hráče
   *[other] { $max } hráčů
}, ne pro { $given }
setup-replay = uložený tah { $ply } { $move } byl odmítnut: { $why }
move-other-game = { $move } je tah jiné hry než { $game }

## Tablut

tablut-unreadable = tah { $text } nelze přečíst: napište výchozí a cílové pole spojená pomlčkou, např. { $example } (sloupce a-i, řady 1-9)
tablut-unreadable-square = pole { $text } nelze přečíst: napište sloupec a-i a za něj řadu 1-9, např. { $example }
tablut-unreadable-position = pozici { $text } nelze přečíst: { $why }; napište řady od 9 dolů po 1 oddělené { $slash } (a = útočník, d = obránce, k = král, číslice = tolik prázdných polí), mezeru a { $b } nebo { $w } podle strany na tahu, např. { $example }
tablut-unknown-variant = varianta Tablutu { $text } neexistuje: zvolte { $choices }
tablut-won = vyhrál { $side }: { $reason }
tablut-draw = remíza: { $reason }
tablut-game-over = hra skončila ({ $result }): další tahy už nelze hrát
tablut-no-piece = na { $square } není žádný kámen: začněte tah z pole, kde stojí váš kámen
tablut-not-yours-black = kámen na { $square } patří bílým, ale na tahu jsou černí: táhněte některým z útočníků
tablut-not-yours-white = kámen na { $square } patří černým, ale na tahu jsou bílí: táhněte některým z obránců nebo králem
tablut-no-distance = { $square }-{ $square } nikam nevede: kámen se musí posunout aspoň o jedno pole
tablut-not-straight = { $move } není přímý tah: kameny táhnou jako šachová věž, po řadě nebo po sloupci
tablut-blocked = cesta z { $from } na { $to } je zablokovaná na { $at }: kameny nesmějí přeskakovat jiné kameny
tablut-occupied = pole { $square } je obsazené: kámen musí zastavit na prázdném poli
tablut-throne = na trůnu { $throne } nesmí zastavit žádný kámen: zastavte před ním, nebo přes něj přejděte, pokud to pravidla dovolují
tablut-throne-in-the-way = { $move } vede přes trůn { $throne }, přes který nesmí žádný kámen: obejděte ho
tablut-camp = { $move } vstupuje do tábora na { $at }: zastavit na jeho polích nebo jimi projít smí jen útočník, který v tomto táboře tah začíná
tablut-captures-nothing = { $move } nic nebere, přestože zápis tahu braní uvádí: vynechte část { $captures }, nebo vypište braná pole
tablut-wrong-captures = { $move } bere { $squares }, ne to, co uvádí zápis tahu: vynechte část { $captures }, nebo vypište braná pole

## TZAAR

tzaar-unreadable = { $text } nelze přečíst: braní zapište jako E4xD4, postavení jako F4-F5, nebo pass
tzaar-unreadable-point = bod { $text } nelze přečíst: napište písmeno sloupce A až I a číslo řady, např. E4
tzaar-hole = { $point } je prostřední díra, ne bod: žádná věž tam stát nemůže
tzaar-off-board = { $text } není na desce: sloupce A až I mají 5, 6, 7, 8, 9, 8, 7, 6 a 5 bodů, číslovaných od 1 dole
tzaar-no-move = chybí tah: braní zapište jako E4xD4, postavení jako F4-F5, nebo pass
tzaar-past-turn = { $text } přesahuje konec tohoto tahu: hrajte vždy jen jeden tah
tzaar-position-parts = potřebuje tři části oddělené mezerami: desku, stranu a fázi
tzaar-position-side = strana na tahu je { $side }, ne w nebo b
tzaar-position-phase = fáze je { $phase }, ne o, c nebo s
tzaar-position-opening = úvodní fáze { $o } je první tah bílého, takže strana musí být w
tzaar-position-columns = deska má { $count ->
    [one] { $count } sloupec
    [few] { $count } sloupce
   *[other] { $count } sloupců
} místo 9
tzaar-position-empty-height = prázdný bod ve sloupci { $column } má výšku
tzaar-position-letter = { $letter } ve sloupci { $column } není písmeno kamene
tzaar-position-height = věž na { $point } má výšku { $height }, ne 1 až 30
tzaar-position-listed = sloupec { $column } uvádí { $listed ->
    [one] { $listed } bod
    [few] { $listed } body
   *[other] { $listed } bodů
} místo { $expected }
tzaar-position-pieces = { $side } má víc než 30 kamenů
tzaar-position-kind = { $side } má víc než { $count } kamenů typu { $kind }
tzaar-position-both-lack = oběma stranám chybí typ kamene, k čemuž žádná hra nedojde
tzaar-unreadable-position = pozici { $text } nelze přečíst: { $why }; napište sloupce A až I oddělené { $slash }, každý od řady 1 nahoru ({ $dot } prázdný bod, Z/A/T bílý Tzaar/Tzarra/Tott, z/a/t černý, za písmenem výška, je-li větší než 1), potom stranu na tahu (w nebo b) a fázi (o, c nebo s)
tzaar-unknown-variant = varianta TZAAR { $text } neexistuje: zvolte random (výchozí) nebo standard
tzaar-bad-seed = semínko v { $text } není celé číslo od 0 do { $max }: napište random:SEMÍNKO, např. random:42
tzaar-game-over = hra skončila: { $end }, takže vyhrál { $winner }
tzaar-end-on-top = { $side } už nemá navrchu žádný kámen druhu { $kind }
tzaar-end-cannot-capture = { $side } nemůže brát
tzaar-capture-due = nejdřív se musí brát: první část tahu musí sebrat nepřátelskou věž (např. E4xD4); postavení a pass patří až do druhé části
tzaar-no-stack = na { $point } není žádná věž: tah začíná z některé z vašich věží
tzaar-not-yours-white = na { $point } stojí bílá věž: černý táhne černými věžemi
tzaar-not-yours-black = na { $point } stojí černá věž: bílý táhne bílými věžemi
tzaar-same-point = tah musí opustit { $point }: uveďte dva různé body
tzaar-not-in-line = { $from } a { $to } neleží na jedné přímce: tah vede rovně po jedné ze šesti přímek
tzaar-crosses-hole = cesta z { $from } na { $to } vede přes prostřední díru E5: žádný tah střed nepřekračuje
tzaar-blocked = cesta z { $from } na { $to } je zablokovaná na { $at }: tah musí skončit na první věži v přímce
tzaar-empty = na { $to } není nic k braní ani k postavení: tah končí na první věži v přímce
tzaar-own-target = na { $to } stojí vaše vlastní věž, kterou brát nelze; postavte se na ni ve druhé části tahu zápisem { $from }-{ $to }
tzaar-enemy-target = na { $to } stojí nepřátelská věž: seberte ji zápisem { $from }x{ $to }
tzaar-taller-white = černá věž na { $to } (výška { $target }) je vyšší než bílá věž na { $from } (výška { $height }): brát lze jen věže, které nejsou vyšší než ta vaše
tzaar-taller-black = bílá věž na { $to } (výška { $target }) je vyšší než černá věž na { $from } (výška { $height }): brát lze jen věže, které nejsou vyšší než ta vaše
tzaar-captured-white = sebrána bílá věž druhu { $kind }
tzaar-captured-black = sebrána černá věž druhu { $kind }
tzaar-captured-white-tall = sebrána bílá věž druhu { $kind } (výška { $height })
tzaar-captured-black-tall = sebrána černá věž druhu { $kind } (výška { $height })
tzaar-stacked = postaveno do výšky { $height }
tzaar-passed = druhá část vynechána
tzaar-end-buried = { $side } zakryl svůj poslední kámen druhu { $kind }
tzaar-end-lost-type = { $side } už nemá žádný kámen druhu { $kind }
tzaar-so-wins = { $end }, takže vyhrává { $winner }

## Tantrix

tantrix-unreadable = { $text } nelze přečíst: tah zapište jako kámen@q,r:k, např. 23@1,-1:4 (kámen 1-56 z vaší ruky, buňka q,r, otočení k 0-5)
tantrix-unreadable-tile = { $text } nelze přečíst: kameny jsou číslované od 1 do 56; tah zapište jako kámen@q,r:k, např. 23@1,-1:4 (kámen 1-56 z vaší ruky, buňka q,r, otočení k 0-5)
tantrix-unreadable-cell = { $text } nelze přečíst: buňky jsou v rozsahu -{ $limit } až { $limit }; tah zapište jako kámen@q,r:k, např. 23@1,-1:4 (kámen 1-56 z vaší ruky, buňka q,r, otočení k 0-5)
tantrix-unreadable-rotation = { $text } nelze přečíst: otočení je 0 až 5; tah zapište jako kámen@q,r:k, např. 23@1,-1:4 (kámen 1-56 z vaší ruky, buňka q,r, otočení k 0-5)
tantrix-game-over = hra skončila: další kameny už položit nelze
tantrix-hand-empty = kámen { $tile } nemáte v ruce: vaše ruka je prázdná, počkejte na další tah
tantrix-not-in-hand = kámen { $tile } nemáte v ruce: položte jeden z těchto: { $hand }
tantrix-taken = na buňce { $cell } už leží kámen { $tile }: zvolte prázdnou buňku vedle kamenů
tantrix-first-at-origin = první kámen patří na 0,0: zapište ho jako { $tile }@0,0:k, kde k je otočení 0-5
tantrix-not-adjacent = buňka { $cell } nesousedí s žádným kamenem: zvolte prázdnou buňku, která se dotýká kamene na stole
tantrix-clash = barvy na hraně { $edge } nesouhlasí: hrana kamene { $tile } otočeného o { $rotation } je { $ours }, ale hrana kamene { $neighbour } na { $at } je { $theirs }; zkuste jiné otočení nebo jinou buňku
tantrix-forced-first = nejdřív se musí vyplnit vynucené pole: { $space } (například { $example }); volné tahy přijdou potom
tantrix-same-colour-space = vzniklo by vynucené pole na { $space } se třemi stranami stejné barvy ({ $colour }), které by žádný kámen nevyplnil; zvolte jiné otočení nebo jinou buňku
tantrix-four-neighbours = na { $space } by zůstalo pole se čtyřmi sousedy, což není dovoleno, dokud jsou v pytlíku kameny; zvolte jinou buňku
tantrix-controlled-side = porušilo by to kontrolovanou stranu: vyplněním vynucených polí, která by zbyla, by se { $space } obklopilo čtyřmi kameny; zvolte buňku mimo tuto přímku
tantrix-red = červená
tantrix-blue = modrá
tantrix-yellow = žlutá
tantrix-green = zelená
tantrix-dir-n = S
tantrix-dir-ne = SV
tantrix-dir-se = JV
tantrix-dir-s = J
tantrix-dir-sw = JZ
tantrix-dir-nw = SZ
tantrix-not-a-colour = { $letter } není barva Tantrixu: pro každé místo uveďte jednu barvu písmenem R, B, Y, G (červená, modrá, žlutá, zelená; např. BYG)
tantrix-colour-twice = { $colour } je zvolena dvakrát: každé místo potřebuje vlastní barvu
tantrix-colour-count = { $given ->
    [one] { $given } barva
    [few] { $given } barvy
    [many] { $given } barvy
   *[other] { $given } barev
} pro { $seats ->
    [one] { $seats } hráče
    [few] { $seats } hráče
    [many] { $seats } hráče
   *[other] { $seats } hráčů
}: uveďte pro každé místo právě jednu barvu (např. { $example })
tantrix-not-playing = barva na tahu ({ $colour }) nepatří žádnému z hráčů ({ $colours })
tantrix-hands = při { $bag ->
    [one] { $bag } kameni
   *[other] { $bag } kamenech
} v pytlíku { $dealt ->
    [one] zbývá { $dealt } kámen
    [few] zbývají { $dealt } kameny
    [many] zbývá { $dealt } kamene
   *[other] zbývá { $dealt } kamenů
} pro { $others ->
    [one] { $others } další ruku
    [few] { $others } další ruce
    [many] { $others } další ruky
   *[other] { $others } dalších rukou
} po nejvýš 6: zadejte skutečný počet kamenů v pytlíku
tantrix-no-placement = { $colour } nemá v této pozici žádný přípustný tah
tantrix-filled-forced = vyplněno vynucené pole
tantrix-free-move = volný tah
tantrix-drew = tažen kámen { $tile }
tantrix-game-over-effect = konec hry: { $reason }
tantrix-no-free-move = { $colour } má kameny, ale žádný přípustný volný tah, takže hra končí remízou
tantrix-score = { $colour } { $score }
tantrix-best-chain = { $colour } má nejlepší čáru ({ $scores })
tantrix-tied = nejlepší čáry jsou vyrovnané ({ $scores })
tantrix-place = { $colour } je na { $place }. místě se skóre { $score }
tantrix-place-shared = { $colours } se dělí o { $place }. místo se skóre { $score }
tantrix-and = { $first } a { $last }

## Kroky výběru tahu
pick-notation = { $text }
pick-step-move = Vyberte tah
pick-step-piece = Vyberte kámen, kterým táhnete
pick-step-destination = Vyberte, kam půjde (× značí, co by sebral)
pick-captures = { $square } (bere { $captured })
pick-tzaar-stack = { $point }: { $kind }, výška { $height }
pick-tzaar-capturer = Vyberte věž, která bere
pick-tzaar-captured = Vyberte soupeřovu věž, kterou bere
pick-tzaar-second = Vyberte druhý tah: brát, postavit na vlastní věž, nebo vynechat
pick-tzaar-capture = Brát znovu
pick-tzaar-stacker = Vyberte věž, která táhne
pick-tzaar-onto = Vyberte vlastní věž, na kterou půjde
pick-tzaar-stack-move = Postavit na vlastní
pick-tzaar-pass = Vynechat
pick-tantrix-tile = Vyberte kámen, který položíte
pick-tantrix-cell = Vyberte jeho místo (označené písmenem na desce)
pick-tantrix-rotation = Vyberte jeho otočení (označené písmenem na obrázku)
pick-tantrix-tile-label = Kámen { $tile }: { $colours }
pick-tantrix-cell-label = { $letter }: { $cell }
pick-tantrix-rotation-label = Otočení { $letter }

## Tantrix Discovery (pro jednoho hráče)

discovery-size = hádanka Discovery s { $size } kameny neexistuje: vyberte 3 až 30
discovery-no-tile = tato hádanka nemá kámen { $tile }
discovery-not-down = kámen { $tile } neleží na desce
discovery-taken = { $cell } je obsazené: vyberte prázdné místo
discovery-apart = kámen se musí dotýkat položených kamenů (první patří doprostřed, 0,0)
discovery-mismatch = kámen { $tile } takto otočený nesouhlasí s kameny vedle: vyberte jedno z ukázaných otočení
discovery-unreadable = rozložení nelze přečíst: { $why }
discovery-not-a-place = { $place } není pole: pište ho jako q,r
discovery-goal = čáry barvy { $colour } tvoří jednu smyčku přes všech { $size } kamenů, bez děr
discovery-open = všechny kameny leží, ale čára ještě není uzavřená
discovery-short = { $missed ->
    [one] všechny kameny leží, ale smyčce chybí jeden kámen: tvoří vlastní čáru nebo smyčku
    [few] všechny kameny leží, ale smyčce chybějí { $missed } kameny: tvoří vlastní čáru nebo smyčku
   *[other] všechny kameny leží, ale smyčce chybí { $missed } kamenů: tvoří vlastní čáru nebo smyčku
}
discovery-hole = jedna smyčka vede přes všechny kameny, ale jedno prázdné pole je uzavřené: díry nejsou dovoleny

## Tantrix Solitaire (pro jednoho hráče)

solitaire-day = { $day } není den: pište ho jako RRRR-MM-DD
solitaire-not-drawn = kámen { $tile } není tažený kámen
solitaire-over = všechny kameny leží
solitaire-illegal = kámen { $tile } nepatří na { $cell } otočený { $rot }: vyberte jedno z ukázaných míst a otočení
solitaire-unreadable = rozložení nelze přečíst: { $why }
solitaire-goal = každý tažený kámen se hned položí, do vynuceného pole, když se tam hodí; udělejte co nejdelší čáru barvy { $colour } (smyčka se počítá dvakrát)
solitaire-no-lift = v Solitaire zůstává kámen, kam byl položen
solitaire-made-loop = smyčka barvy { $colour } z { $tiles } kamenů
solitaire-made-line = { $tiles ->
    [one] čára barvy { $colour } z jednoho kamene
   *[other] čára barvy { $colour } z { $tiles } kamenů
}
solitaire-stuck = kámen { $tile } se nikam nehodí, takže hra končí zde: { $made }

tactic-escape = { $side } na tahu: král unikne { $turns ->
    [one] jedním tahem
    [few] za { $turns } tahy
   *[other] za { $turns } tahů
}
tactic-capture = { $side } na tahu: zajměte krále { $turns ->
    [one] jedním tahem
    [few] za { $turns } tahy
   *[other] za { $turns } tahů
}
tactic-win-now = { $side } na tahu: vyhrajte tímto tahem
tactic-win = { $side } na tahu: vyhrajte za { $turns } tahy
tactic-save = { $side } na tahu: každý tah kromě jednoho nechá soupeře hned vyhrát; zachraňte hru
tactic-loop = { $side } na tahu: uzavřete nejdelší smyčku, o { $tiles } kamenech
tactic-tantrix-loop = { $side } na tahu: uzavřete nejdelší smyčku barvy { $colour }, kterou teď lze uzavřít, o { $tiles } kamenech
