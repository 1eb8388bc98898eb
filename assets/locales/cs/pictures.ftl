# Slova kreslená do obrázků (desky, záznamy her, žebříček). Jména hráčů, zápis tahů a souřadnice se
# nepřekládají; důvod konce hry zatím přichází z herních modulů.

## Strany a barvy, když místo nemá jméno hráče

picture-side-white = bílý
picture-side-black = černý
picture-colour-red = červená
picture-colour-blue = modrá
picture-colour-yellow = žlutá
picture-colour-green = zelená

## Tablut

picture-tablut-vs = proti
picture-tablut-to-move = Tah { $number } · na tahu je { $player } ({ $side })
picture-tablut-won = { $player } ({ $side }) vyhrává: { $reason }
picture-tablut-draw = Remíza: { $reason }
picture-tablut-variant-rules = Pravidla { $variant }: { $rules }
picture-tablut-black-first = černý táhne první
picture-tablut-white-first = bílý táhne první
picture-tablut-armed-king = ozbrojený král
picture-tablut-unarmed-king = neozbrojený král
picture-tablut-king-by-four = král zajat čtyřmi (nebo třemi a trůnem)
picture-tablut-king-by-two = král mimo trůn zajat dvěma
picture-tablut-king-by-two-or-camp = král mimo trůn zajat dvěma nebo táborem
picture-tablut-closed-hostile = uzavřené a nepřátelské tábory a trůn
picture-tablut-closed-camps-throne = uzavřené tábory a trůn
picture-tablut-closed-camps = uzavřené tábory
picture-tablut-closed-throne = uzavřený trůn
picture-tablut-linnaean = Linného braní
picture-tablut-second-repetition = 2. opakování je remíza
picture-tablut-third-repetition = 3. opakování je remíza

## TZAAR

picture-tzaar-wins = { $player } ({ $side }) vyhrává · { $reason }
picture-tzaar-to-move = Tah { $number } · na tahu je { $side } · { $phase }
picture-tzaar-opening = úvodní braní
picture-tzaar-capture = nejprve braní
picture-tzaar-second = druhý tah

## Tantrix

picture-tantrix-won = Tantrix · konec hry · { $player } vyhrává { $score ->
    [one] s { $score } bodem
   *[other] s { $score } body
}
picture-tantrix-draw = Tantrix · konec hry · remíza
picture-tantrix-shared = Tantrix · konec hry · o první místo se dělí s { $score } body
picture-tantrix-turn = Tantrix · tah { $number } · pokládá { $player }
picture-tantrix-status = pytlík: { $count ->
    [one] { $count } kámen
    [few] { $count } kameny
    [many] { $count } kamene
   *[other] { $count } kamenů
} · { $step } · bílé kroužky: poslední tah · pište kámen@q,r:k
picture-tantrix-forced = vyplňte vynucené pole (jantarové)
picture-tantrix-first = položte první kámen na 0,0
picture-tantrix-free = volný tah: kterákoli označená buňka
picture-tantrix-score = { $score ->
    [one] { $score } bod
    [few] { $score } body
    [many] { $score } bodu
   *[other] { $score } bodů
}
picture-tantrix-to-place = na tahu
picture-tantrix-no-tiles = žádné kameny
picture-tantrix-hand = Kameny k položení
picture-tantrix-text-board = { $count ->
    [one] { $count } kámen na desce
    [few] { $count } kameny na desce
   *[other] { $count } kamenů na desce
}: { $tiles }
picture-tantrix-text-forced = vynucená pole: { $cells }
picture-tantrix-position = Tantrix · { $count ->
    [one] { $count } kámen
    [few] { $count } kameny
    [many] { $count } kamene
   *[other] { $count } kamenů
} · pytlík { $bag }
picture-tantrix-position-status = nejlepší řetězy: { $chains } · vynucená pole: { $forced } · bílé kroužky: poslední tahy

## Žebříček

picture-leaderboard-title = Žebříček { $game }
picture-leaderboard-here = Tento server
picture-leaderboard-everywhere = Všechny servery
picture-leaderboard-subtitle = { $scope } · { $count ->
    [one] { $count } hodnocený hráč
    [few] { $count } hodnocení hráči
    [many] { $count } hodnoceného hráče
   *[other] { $count } hodnocených hráčů
} · { $date }
picture-leaderboard-player = HRÁČ
picture-leaderboard-rating = HODNOCENÍ
picture-leaderboard-games = HRY
picture-leaderboard-record = V-R-P
picture-leaderboard-trend = VÝVOJ
picture-leaderboard-nobody = Zatím nikdo
picture-tantrix-rotations = Kámen { $tile }: jeho otočení

## Tabulka turnaje

picture-standings-points = BODY
picture-standings-games = HRY
picture-standings-withdrawn = odhlášen(a)
picture-standings-buchholz = BUCHHOLZ
picture-standings-sonneborn-berger = S-B
picture-standings-head-to-head = VZÁJ.
picture-standings-total-score = SKÓRE

## Tantrix Discovery (pro jednoho hráče)

picture-discovery-title = Discovery { $size } · jedna smyčka barvy { $colour } přes všechny kameny, bez děr
picture-discovery-placed = { $placed } z { $size } kamenů položeno
picture-discovery-progress = { $time } · { $actions ->
    [one] { $actions } tah
    [few] { $actions } tahy
    [many] { $actions } tahu
   *[other] { $actions } tahů
}
picture-discovery-solved = Vyřešeno za { $time } na { $actions ->
    [one] { $actions } tah
    [few] { $actions } tahy
    [many] { $actions } tahu
   *[other] { $actions } tahů
}
picture-discovery-all-down = Všechny kameny leží.

## Tantrix Solitaire (pro jednoho hráče)

picture-solitaire-title = Solitaire dne { $day } · nejdelší čára barvy { $colour }, smyčka se počítá dvakrát
picture-solitaire-progress = Položeno { $placed } ze 14 kamenů · skóre { $score } · { $time } · { $actions ->
    [one] { $actions } tah
    [few] { $actions } tahy
    [many] { $actions } tahu
   *[other] { $actions } tahů
}
picture-solitaire-over = Konec: skóre { $score } za { $time }
picture-solitaire-stack = { $count ->
    [0] poslední kámen
    [one] tažený; v balíčku ještě jeden
    [few] tažený; v balíčku ještě { $count }
   *[other] tažený; v balíčku ještě { $count }
}
