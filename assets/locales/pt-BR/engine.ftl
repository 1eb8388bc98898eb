# As frases dos motores: por que um lance ou uma configuração é recusado, o que um lance fez, como uma partida
# terminou. Casas, pontos, células, números de peças e notação aparecem como escritos.

## Comuns

engine-as-written = { $text }
engine-comma = { $first }, { $second }
engine-semicolon = { $first }; { $second }
engine-list-or = { $first } ou { $last }
setup-seats = { $game } é jogado por { $count ->
    [one] { $count } jogador
   *[other] { $count } jogadores
}, não por { $given }
setup-seats-range = { $game } é jogado por { $min } a { $max } jogadores, não por { $given }
setup-replay = o lance { $ply } gravado, { $move }, é recusado: { $why }
move-other-game = { $move } é um lance de outro jogo, não de { $game }

## Tablut

tablut-unreadable = não consegui ler o lance { $text }: escreva a casa de partida e a de chegada ligadas por um hífen, como { $example } (colunas a-i, fileiras 1-9)
tablut-unreadable-square = não consegui ler a casa { $text }: escreva uma coluna a-i e depois uma fileira 1-9, como { $example }
tablut-unreadable-position = não consegui ler a posição { $text }: { $why }; escreva as fileiras de 9 a 1 separadas por { $slash } (a = atacante, d = defensor, k = rei, um algarismo = tantas casas vazias), um espaço e { $b } ou { $w } para o lado que joga, como { $example }
tablut-unknown-variant = não há variante de Tablut chamada { $text }: escolha { $choices }
tablut-won = { $side } venceram: { $reason }
tablut-draw = empate: { $reason }
tablut-game-over = a partida acabou ({ $result }): não se pode jogar mais nenhum lance
tablut-no-piece = não há peça em { $square }: comece o lance numa casa com uma das suas peças
tablut-not-yours-black = a peça em { $square } é das Brancas, mas é a vez das Pretas: mova um dos atacantes
tablut-not-yours-white = a peça em { $square } é das Pretas, mas é a vez das Brancas: mova um dos defensores ou o rei
tablut-no-distance = { $square }-{ $square } não sai do lugar: uma peça precisa andar pelo menos uma casa
tablut-not-straight = { $move } não é uma linha reta: as peças andam como a torre do xadrez, por uma fileira ou uma coluna
tablut-blocked = o caminho de { $from } a { $to } está bloqueado em { $at }: as peças não pulam outras peças
tablut-occupied = { $square } já está ocupada: uma peça precisa parar numa casa vazia
tablut-throne = nenhuma peça pode parar no trono { $throne }: pare antes dele, ou passe por cima se as regras permitirem
tablut-throne-in-the-way = { $move } atravessa o trono { $throne }, por onde nenhuma peça pode passar: contorne-o
tablut-camp = { $move } entra no acampamento em { $at }: só um atacante que começa o lance nesse acampamento pode parar ou passar por suas casas
tablut-captures-nothing = { $move } não captura nada, diferente do que o lance diz: tire a parte { $captures } ou liste as casas capturadas
tablut-wrong-captures = { $move } captura { $squares }, não o que o lance diz: tire a parte { $captures } ou liste as casas capturadas

## TZAAR

tzaar-unreadable = não consegui ler { $text }: escreva uma captura como E4xD4, um empilhamento como F4-F5, ou pass
tzaar-unreadable-point = não consegui ler o ponto { $text }: escreva uma letra de coluna de A a I e um número de fileira, por exemplo E4
tzaar-hole = { $point } é o buraco central, não um ponto: nenhuma pilha pode ficar ali
tzaar-off-board = { $text } não está no tabuleiro: as colunas A a I têm 5, 6, 7, 8, 9, 8, 7, 6 e 5 pontos, numerados a partir de 1 embaixo
tzaar-no-move = não há lance: escreva uma captura como E4xD4, um empilhamento como F4-F5, ou pass
tzaar-past-turn = { $text } passa do fim deste turno: jogue um turno de cada vez
tzaar-position-parts = ela precisa de três partes separadas por espaços: o tabuleiro, o lado e a fase
tzaar-position-side = o lado que joga é { $side }, e não w ou b
tzaar-position-phase = a fase é { $phase }, e não o, c ou s
tzaar-position-opening = a fase de abertura { $o } é o primeiro turno das Brancas, então o lado deve ser w
tzaar-position-columns = o tabuleiro tem { $count ->
    [one] { $count } coluna
   *[other] { $count } colunas
} em vez de 9
tzaar-position-empty-height = um ponto vazio na coluna { $column } tem altura
tzaar-position-letter = { $letter } na coluna { $column } não é a letra de uma peça
tzaar-position-height = a pilha em { $point } tem altura { $height }, e não de 1 a 30
tzaar-position-listed = a coluna { $column } lista { $listed } pontos em vez de { $expected }
tzaar-position-pieces = as { $side } têm mais de 30 peças
tzaar-position-kind = as { $side } têm mais de { $count } peças do tipo { $kind }
tzaar-position-both-lack = os dois lados estão sem um tipo de peça, o que nenhuma partida alcança
tzaar-unreadable-position = não consegui ler a posição { $text }: { $why }; escreva as colunas A a I separadas por { $slash }, cada uma da fileira 1 para cima ({ $dot } vazio, Z/A/T um Tzaar/Tzarra/Tott branco, z/a/t preto, e a altura se passar de 1), depois o lado que joga (w ou b) e a fase (o, c ou s)
tzaar-unknown-variant = não há variante de TZAAR { $text }: escolha random (o padrão) ou standard
tzaar-bad-seed = a semente em { $text } não é um número inteiro de 0 a { $max }: escreva random:SEMENTE, por exemplo random:42
tzaar-game-over = a partida acabou: { $end }, então { $winner } venceram
tzaar-end-on-top = { $side } não têm mais nenhum { $kind } no topo
tzaar-end-cannot-capture = { $side } não podem capturar
tzaar-capture-due = primeiro é preciso capturar: o primeiro lance do turno deve tomar uma pilha inimiga (por exemplo E4xD4); empilhar e passar só valem no segundo lance
tzaar-no-stack = não há pilha em { $point }: um lance começa numa das suas pilhas
tzaar-not-yours-white = { $point } tem uma pilha branca: as Pretas movem as pilhas pretas
tzaar-not-yours-black = { $point } tem uma pilha preta: as Brancas movem as pilhas brancas
tzaar-same-point = um lance precisa sair de { $point }: indique dois pontos diferentes
tzaar-not-in-line = { $from } e { $to } não estão numa mesma linha: um lance segue reto por uma das seis linhas
tzaar-crosses-hole = o caminho de { $from } a { $to } atravessa o buraco central E5: nenhum lance cruza o centro
tzaar-blocked = o caminho de { $from } a { $to } está bloqueado em { $at }: um lance para na primeira pilha da sua linha
tzaar-empty = não há nada em { $to } para capturar ou empilhar: um lance termina na primeira pilha da sua linha
tzaar-own-target = { $to } tem uma pilha sua, que não pode ser capturada; empilhe sobre ela com { $from }-{ $to } como segundo lance
tzaar-enemy-target = { $to } tem uma pilha inimiga: capture-a com { $from }x{ $to }
tzaar-taller-white = a pilha preta em { $to } (altura { $target }) é mais alta que a pilha branca em { $from } (altura { $height }): capture só pilhas que não sejam mais altas que a sua
tzaar-taller-black = a pilha branca em { $to } (altura { $target }) é mais alta que a pilha preta em { $from } (altura { $height }): capture só pilhas que não sejam mais altas que a sua
tzaar-captured-white = capturou um { $kind } branco
tzaar-captured-black = capturou um { $kind } preto
tzaar-captured-white-tall = capturou um { $kind } branco (altura { $height })
tzaar-captured-black-tall = capturou um { $kind } preto (altura { $height })
tzaar-stacked = empilhou até a altura { $height }
tzaar-passed = passou
tzaar-end-buried = { $side } cobriram o seu último { $kind }
tzaar-end-lost-type = { $side } ficaram sem nenhum { $kind }
tzaar-so-wins = { $end }, então { $winner } vencem

## Tantrix

tantrix-unreadable = não consegui ler { $text }: escreva uma colocação como peça@q,r:k, por exemplo 23@1,-1:4 (peça 1-56 da sua mão, célula q,r, rotação k 0-5)
tantrix-unreadable-tile = não consegui ler { $text }: as peças são numeradas de 1 a 56; escreva uma colocação como peça@q,r:k, por exemplo 23@1,-1:4 (peça 1-56 da sua mão, célula q,r, rotação k 0-5)
tantrix-unreadable-cell = não consegui ler { $text }: as células vão de -{ $limit } a { $limit }; escreva uma colocação como peça@q,r:k, por exemplo 23@1,-1:4 (peça 1-56 da sua mão, célula q,r, rotação k 0-5)
tantrix-unreadable-rotation = não consegui ler { $text }: a rotação vai de 0 a 5; escreva uma colocação como peça@q,r:k, por exemplo 23@1,-1:4 (peça 1-56 da sua mão, célula q,r, rotação k 0-5)
tantrix-game-over = a partida acabou: não se pode colocar mais nenhuma peça
tantrix-hand-empty = a peça { $tile } não está na sua mão: sua mão está vazia, então espere o seu próximo turno
tantrix-not-in-hand = a peça { $tile } não está na sua mão: coloque uma destas: { $hand }
tantrix-taken = a célula { $cell } já está ocupada pela peça { $tile }: escolha uma célula vazia ao lado das peças
tantrix-first-at-origin = a primeira peça vai em 0,0: escreva-a como { $tile }@0,0:k, com k a rotação 0-5
tantrix-not-adjacent = a célula { $cell } não fica ao lado de nenhuma peça: escolha uma célula vazia que toque uma peça do tabuleiro
tantrix-clash = as cores não combinam na borda { $edge }: a peça { $tile } girada { $rotation } mostra { $ours } ali, mas a peça { $neighbour } em { $at } mostra { $theirs }; tente outra rotação ou outra célula
tantrix-forced-first = primeiro é preciso preencher um espaço obrigatório: { $space } (por exemplo { $example }); os lances livres vêm depois
tantrix-same-colour-space = isso criaria um espaço obrigatório em { $space } com três lados da mesma cor ({ $colour }), que nenhuma peça conseguiria preencher; escolha outra rotação ou outra célula
tantrix-four-neighbours = isso deixaria um espaço com quatro vizinhos em { $space }, o que não é permitido enquanto houver peças no saco; escolha outra célula
tantrix-controlled-side = isso quebraria um lado controlado: preencher os espaços obrigatórios que sobram cercaria { $space } com quatro peças; escolha uma célula fora dessa linha
tantrix-red = vermelho
tantrix-blue = azul
tantrix-yellow = amarelo
tantrix-green = verde
tantrix-dir-n = N
tantrix-dir-ne = NE
tantrix-dir-se = SE
tantrix-dir-s = S
tantrix-dir-sw = SO
tantrix-dir-nw = NO
tantrix-not-a-colour = { $letter } não é uma cor do Tantrix: indique uma cor por lugar com R, B, Y, G (vermelho, azul, amarelo, verde; por exemplo BYG)
tantrix-colour-twice = { $colour } foi escolhido duas vezes: cada lugar precisa da sua própria cor
tantrix-colour-count = { $given ->
    [one] { $given } cor
   *[other] { $given } cores
} para { $seats } jogadores: indique exatamente uma cor por lugar (por exemplo { $example })
tantrix-not-playing = { $colour }, a cor da vez, não é uma das cores dos jogadores ({ $colours })
tantrix-hands = com { $bag ->
    [one] { $bag } peça
   *[other] { $bag } peças
} no saco, { $dealt ->
    [one] sobra { $dealt } peça
   *[other] sobram { $dealt } peças
} para { $others ->
    [one] { $others } outra mão
   *[other] { $others } outras mãos
} de no máximo 6: informe a quantidade real de peças no saco
tantrix-no-placement = { $colour } não tem nenhuma colocação permitida nessa posição
tantrix-filled-forced = preencheu um espaço obrigatório
tantrix-free-move = lance livre
tantrix-drew = tirou a peça { $tile }
tantrix-game-over-effect = fim de jogo: { $reason }
tantrix-no-free-move = { $colour } tem peças mas nenhum lance livre permitido, então a partida termina empatada
tantrix-score = { $colour } { $score }
tantrix-best-chain = { $colour } tem a melhor cadeia ({ $scores })
tantrix-tied = as melhores cadeias estão empatadas ({ $scores })
tantrix-place = { $colour } fica em { $place }º lugar com { $score }
tantrix-place-shared = { $colours } dividem o { $place }º lugar com { $score }
tantrix-and = { $first } e { $last }

## Os passos do seletor de lances
pick-notation = { $text }
pick-step-move = Escolha seu lance
pick-step-piece = Escolha a peça a mover
pick-step-destination = Escolha para onde ela vai (× marca o que capturaria)
pick-captures = { $square } (captura { $captured })
pick-tzaar-stack = { $point }: { $kind }, altura { $height }
pick-tzaar-capturer = Escolha a pilha que captura
pick-tzaar-captured = Escolha a pilha inimiga que ela captura
pick-tzaar-second = Escolha seu segundo lance: capturar, empilhar sobre uma sua ou passar
pick-tzaar-capture = Capturar de novo
pick-tzaar-stacker = Escolha a pilha que se move
pick-tzaar-onto = Escolha a sua pilha sobre a qual ela vai
pick-tzaar-stack-move = Empilhar sobre uma sua
pick-tzaar-pass = Passar
pick-tantrix-tile = Escolha a peça a colocar
pick-tantrix-cell = Escolha o lugar dela (com letras no tabuleiro)
pick-tantrix-rotation = Escolha a rotação dela (com letras na imagem)
pick-tantrix-tile-label = Peça { $tile }: { $colours }
pick-tantrix-cell-label = { $letter }: { $cell }
pick-tantrix-rotation-label = Rotação { $letter }

## Tantrix Discovery (um jogador)

discovery-size = não há quebra-cabeça Discovery de { $size } peças: escolha de 3 a 30
discovery-no-tile = este quebra-cabeça não tem a peça { $tile }
discovery-not-down = a peça { $tile } não está no tabuleiro
discovery-taken = { $cell } está ocupado: escolha um lugar vazio
discovery-apart = uma peça precisa encostar nas peças colocadas (a primeira vai no centro, 0,0)
discovery-mismatch = a peça { $tile } girada assim não combina com as peças ao lado: escolha uma das rotações mostradas
discovery-unreadable = a disposição não pode ser lida: { $why }
discovery-not-a-place = { $place } não é uma casa: escreva q,r
discovery-goal = as linhas { $colour } formam um só laço por todas as { $size } peças, sem buracos
discovery-open = todas as peças estão colocadas, mas a linha ainda não se fechou
discovery-short = { $missed ->
    [one] todas as peças estão colocadas, mas o laço deixa de fora uma peça: ela forma uma linha ou laço à parte
   *[other] todas as peças estão colocadas, mas o laço deixa de fora { $missed } peças: elas formam uma linha ou laço à parte
}
discovery-hole = um laço passa por todas as peças, mas uma casa vazia ficou fechada: buracos não são permitidos

## Tantrix Solitaire (um jogador)

solitaire-day = { $day } não é um dia: escreva AAAA-MM-DD
solitaire-not-drawn = a peça { $tile } não é a peça tirada
solitaire-over = todas as peças estão na mesa
solitaire-illegal = a peça { $tile } não vai em { $cell } girada { $rot }: escolha um dos lugares e rotações mostrados
solitaire-unreadable = a disposição não pode ser lida: { $why }
solitaire-goal = cada peça tirada vai para a mesa na hora, num espaço forçado quando cabe em um; faça a linha { $colour } mais longa (um laço vale o dobro)
solitaire-no-lift = no Solitaire uma peça fica onde foi colocada
solitaire-made-loop = um laço { $colour } de { $tiles } peças
solitaire-made-line = { $tiles ->
    [one] uma linha { $colour } de uma peça
   *[other] uma linha { $colour } de { $tiles } peças
}
solitaire-stuck = a peça { $tile } não cabe em lugar nenhum, então termina aqui: { $made }

tactic-escape = { $side } joga: o rei escapa em { $turns ->
    [one] um lance
   *[other] { $turns } lances
}
tactic-capture = { $side } joga: capture o rei em { $turns ->
    [one] um lance
   *[other] { $turns } lances
}
tactic-win-now = { $side } joga: vença neste turno
tactic-win = { $side } joga: vença em { $turns } turnos
tactic-save = { $side } joga: todo turno menos um deixa o adversário vencer na hora; salve o jogo
tactic-loop = { $side } joga: feche o laço mais longo, de { $tiles } peças
tactic-tantrix-loop = { $side } joga: feche o laço { $colour } mais longo que uma peça pode fechar agora, de { $tiles } peças
