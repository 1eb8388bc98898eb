# As palavras desenhadas nas figuras (tabuleiros, replays, a classificação). Nomes de jogadores, notação e
# coordenadas não se traduzem; o motivo do fim da partida vem dos motores, por enquanto.

## Lados e cores, quando um lugar não tem nome de jogador

picture-side-white = Brancas
picture-side-black = Pretas
picture-colour-red = Vermelho
picture-colour-blue = Azul
picture-colour-yellow = Amarelo
picture-colour-green = Verde

## Tablut

picture-tablut-vs = vs
picture-tablut-to-move = Lance { $number } · vez de { $player } ({ $side })
picture-tablut-won = { $player } ({ $side }) venceu: { $reason }
picture-tablut-draw = Empate: { $reason }
picture-tablut-variant-rules = Regras { $variant }: { $rules }
picture-tablut-black-first = Pretas começam
picture-tablut-white-first = Brancas começam
picture-tablut-armed-king = rei armado
picture-tablut-unarmed-king = rei desarmado
picture-tablut-king-by-four = rei capturado por 4 (ou 3 e o trono)
picture-tablut-king-by-two = rei capturado por 2 fora do trono
picture-tablut-king-by-two-or-camp = rei capturado por 2 ou um acampamento fora do trono
picture-tablut-closed-hostile = acampamentos e trono fechados e hostis
picture-tablut-closed-camps-throne = acampamentos e trono fechados
picture-tablut-closed-camps = acampamentos fechados
picture-tablut-closed-throne = trono fechado
picture-tablut-linnaean = captura de Lineu
picture-tablut-second-repetition = 2ª repetição empata
picture-tablut-third-repetition = 3ª repetição empata

## TZAAR

picture-tzaar-wins = { $player } ({ $side }) vence · { $reason }
picture-tzaar-to-move = Turno { $number } · vez das { $side } · { $phase }
picture-tzaar-opening = captura de abertura
picture-tzaar-capture = captura obrigatória
picture-tzaar-second = segundo lance

## Tantrix

picture-tantrix-won = Tantrix · fim de jogo · { $player } vence com { $score ->
    [0] { $score } pontos
    [one] { $score } ponto
   *[other] { $score } pontos
}
picture-tantrix-draw = Tantrix · fim de jogo · empate
picture-tantrix-shared = Tantrix · fim de jogo · primeiro lugar dividido com { $score } pontos
picture-tantrix-turn = Tantrix · turno { $number } · { $player } coloca
picture-tantrix-status = saco: { $count ->
    [0] { $count } peças
    [one] { $count } peça
   *[other] { $count } peças
} · { $step } · anéis brancos: último turno · escreva peça@q,r:k
picture-tantrix-forced = preencha um espaço obrigatório (âmbar)
picture-tantrix-first = ponha a primeira peça em 0,0
picture-tantrix-free = lance livre: qualquer célula marcada
picture-tantrix-score = { $score ->
    [0] { $score } pontos
    [one] { $score } ponto
   *[other] { $score } pontos
}
picture-tantrix-to-place = sua vez de colocar
picture-tantrix-no-tiles = sem peças
picture-tantrix-hand = Mão a colocar
picture-tantrix-text-board = { $count ->
    [one] { $count } peça no tabuleiro
   *[other] { $count } peças no tabuleiro
}: { $tiles }
picture-tantrix-text-forced = espaços forçados: { $cells }
picture-tantrix-position = Tantrix · { $count ->
    [one] { $count } peça
   *[other] { $count } peças
} · saco { $bag }
picture-tantrix-position-status = melhores cadeias: { $chains } · espaços obrigatórios: { $forced } · anéis brancos: últimos lances

## A classificação

picture-leaderboard-title = Classificação de { $game }
picture-leaderboard-here = Este servidor
picture-leaderboard-everywhere = Todos os servidores
picture-leaderboard-subtitle = { $scope } · { $count ->
    [one] { $count } jogador com nota
   *[other] { $count } jogadores com nota
} · { $date }
picture-leaderboard-player = JOGADOR
picture-leaderboard-rating = NOTA
picture-leaderboard-games = JOGOS
picture-leaderboard-record = V-E-D
picture-leaderboard-trend = TENDÊNCIA
picture-leaderboard-nobody = Ninguém ainda
picture-tantrix-rotations = Peça { $tile }: suas rotações

## Classificação do torneio

picture-standings-points = PONTOS
picture-standings-games = JOGOS
picture-standings-withdrawn = fora do torneio
picture-standings-buchholz = BUCHHOLZ
picture-standings-sonneborn-berger = S-B
picture-standings-head-to-head = C.D.
picture-standings-total-score = ESCORE

## Tantrix Discovery (um jogador)

picture-discovery-title = Discovery { $size } · um laço { $colour } por todas as peças, sem buracos
picture-discovery-placed = { $placed } de { $size } peças na mesa
picture-discovery-progress = { $time } · { $actions ->
    [one] { $actions } ação
   *[other] { $actions } ações
}
picture-discovery-solved = Resolvido em { $time } com { $actions ->
    [one] { $actions } ação
   *[other] { $actions } ações
}
picture-discovery-all-down = Todas as peças estão na mesa.

## Tantrix Solitaire (um jogador)

picture-solitaire-title = Solitaire de { $day } · a linha { $colour } mais longa, um laço vale o dobro
picture-solitaire-progress = { $placed } de 14 peças na mesa · pontos { $score } · { $time } · { $actions ->
    [one] { $actions } ação
   *[other] { $actions } ações
}
picture-solitaire-over = Fim: { $score } pontos em { $time }
picture-solitaire-stack = { $count ->
    [0] a última peça
    [one] tirada; mais uma na pilha
   *[other] tirada; mais { $count } na pilha
}
