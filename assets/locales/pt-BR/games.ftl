# As regras dos jogos para /help game:<nome>, e os textos das figuras de exemplo.
# A notação (lances, casas, células, letras das peças) não se traduz.

rules-tablut =
    Objetivo: as Pretas (16 atacantes, a) começam e tentam capturar o rei branco (K); as Brancas (o rei e 8 defensores, d) vencem quando o rei chega a qualquer casa da borda.
    Movimento: toda peça anda como a torre do xadrez, quantas casas vazias quiser numa linha ou coluna, sem pular. Depois que o rei sai do trono e5, ninguém pode parar nele, mas as peças podem passar por cima.
    Captura: prenda um soldado inimigo entre duas peças suas numa mesma linha (o trono vazio conta para os dois lados; entrar entre dois inimigos é seguro; o rei nunca captura). O rei é capturado com atacantes nos quatro lados, ou em três com o trono no quarto.
    Fim: o lado sem lance legal perde; a mesma posição pela terceira vez é empate.
    Como escrever um lance: duas casas, origem-destino: `e8-d8` leva a peça de e8 para d8 (uma captura pode ser anotada `d1-d3xe3`).
    Variantes (`variant:` em /play): a descrita acima é `seed`; `linnaeus` arma o rei e deixa dois atacantes capturá-lo longe do trono; `ashton` acrescenta acampamentos, um trono fechado, e as Brancas começam.

rules-tzaar =
    Objetivo: cada lado tem 6 Tzaars, 9 Tzarras e 15 Totts (maiúsculas Z A T brancas, minúsculas pretas). Você vence quando o adversário perde um tipo inteiro de peça, ou não consegue capturar no início do turno dele.
    Turnos: as Brancas abrem com uma única captura; depois, cada turno tem dois lances: primeiro uma captura, depois uma captura, um empilhamento ou passar.
    Movimento: uma peça ou pilha anda em linha reta sobre pontos vazios até a primeira pilha, nunca por cima de uma pilha nem atravessando o buraco central. Capture uma pilha inimiga que não seja mais alta que a sua; empilhar põe sua pilha sobre outra sua (as alturas somam, a peça de cima dá o tipo).
    Como escrever um lance: `E4xD4` captura de E4 para D4, `F4-F5` empilha, `pass` passa; um turno inteiro de uma vez: `E4xD4 F4-F5`. Colunas A-I, fileiras a partir de 1 embaixo; E5 é o buraco.
    Posições iniciais (`setup:` em /play): `random` (o padrão), `random:SEMENTE`, `standard` (a posição fixa das regras), ou uma posição em notação.

rules-tantrix =
    Objetivo: cada jogador tem uma cor e tenta formar com ela a linha mais longa (1 ponto por peça) ou o laço mais longo (2 pontos por peça).
    Colocação: ponha uma peça da sua mão junto às peças do tabuleiro de modo que cada borda que se toca tenha a mesma cor.
    Espaços obrigatórios: um espaço com três peças em volta é obrigatório. No início do seu turno preencha todos os espaços obrigatórios que puder, depois faça um lance livre (não num espaço obrigatório), depois preencha de novo os espaços obrigatórios. Enquanto o saco tiver peças, você não pode criar um espaço obrigatório com três lados da mesma cor, deixar um espaço com quatro vizinhos, nem jogar ao longo de um lado controlado. A partida termina quando todas as peças estão colocadas.
    Como escrever um lance: peça@q,r:k, por exemplo `23@1,-1:4` põe a peça 23 na célula q=1, r=-1, girada k=4 passos no sentido horário (0-5). A figura marca as células livres com q,r. A primeira peça vai em 0,0.

rules-example = Exemplo: { $move }

# What each variant changes, after its name in /play's autocompletion (keys: variant-<game>-<variant>).
variant-tablut-seed = as regras da primeira rodada: rei capturado pelos quatro lados
variant-tablut-linnaeus = a reconstrução mais comum: rei armado, capturado por dois longe do trono
variant-tablut-ashton = as regras do Tablut Challenge: Brancas começam, acampamentos, trono fechado, rei armado
variant-tzaar-random = as peças embaralhadas pelo tabuleiro, como nos torneios
variant-tzaar-standard = a posição inicial fixa do livro de regras, para iniciantes
