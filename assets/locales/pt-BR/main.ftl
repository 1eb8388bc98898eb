# As respostas do Tabula em português do Brasil.

n-moves = { $count ->
    [one] { $count } lance
   *[other] { $count } lances
}

## Lados, como os motores os chamam

seat-attackers = Pretas (atacantes)
seat-defenders = Brancas (defensores)
seat-white = Brancas
seat-black = Pretas
seat-red = Vermelho
seat-blue = Azul
seat-yellow = Amarelo
seat-green = Verde

## Mensagens públicas da partida

lineup-plays = { $player } joga com { $seat }
turn-thinking = Lance { $number }: { $player } ({ $seat }) está pensando…
turn-to-move = Lance { $number }: vez de { $player } ({ $seat }), com /move.
played = { $player } ({ $seat }) jogou { $moves }.
played-then = , depois { $move }
game-over-wins = Fim de jogo: { $player } ({ $seat }) vence — { $reason }.
game-over-draw = Fim de jogo: empate — { $reason }.
resigned-winner = { $player } ({ $seat }) abandonou. { $winner } ({ $winner_seat }) vence.
resigned-no-winner = { $player } ({ $seat }) abandonou; a partida termina sem vencedor.
game-begins = Começa a partida de { $game } { $id }: { $lineup }.

## Avisos de vez escritos pelos motores

prompt-opening-capture = O primeiro turno das Brancas é uma única captura.
prompt-turn-capture = Comece o turno com uma captura; você pode enviar os dois lances de uma vez ({ $example }).
prompt-second-move = Segundo lance do turno: uma captura, um empilhamento sobre sua própria pilha, ou { $pass }.
prompt-forced-spaces = { $count ->
    [one] Espaço obrigatório a preencher primeiro: { $cells }; as sugestões começam por ele.
   *[other] Espaços obrigatórios a preencher primeiro: { $cells }; as sugestões começam por eles.
}

## Relógios

duration-none = menos de um minuto
duration-m = { $minutes } min
duration-h = { $hours } h
duration-hm = { $hours } h { $minutes } min
duration-d = { $days } d
duration-dh = { $days } d { $hours } h
clock-to-move = vez de { $player }
clock-left = vez de { $player }, restam { $left }
clock-none = vez de { $player }, sem relógio

## Botões

button-accept = Aceitar
button-decline = Recusar
button-withdraw = Retirar
button-rematch = Revanche
button-ask-abort = Pedir para anular
button-newer = Mais recentes
button-older = Mais antigas

## Ajuda

help-more-seats = ; { $game }: até { $count } adversários (opponent2, …)
help =
    { $tabula } joga { $games } neste canal.
    - { $play } desafia um membro{ $more_seats }.
    - /accept ou /decline responde a um desafio (ou use os botões dele).
    - { $move } joga; comece a digitar para ver os lances legais.
    - /board mostra o tabuleiro, /resign abandona, /abort encerra uma partida antes do primeiro lance (depois dele, com o consentimento do adversário).
    - { $clock } em /play define o tempo por lance; { $thread } joga em um novo tópico. /notify dm:on envia seus lembretes por mensagem direta.
    - /draw propõe empate (quando o jogo permite), /takeback pede para desfazer seu último lance; partidas terminadas têm um botão Revanche.
    - /history lista as partidas de um membro, /rating suas notas, { $leaderboard } os melhores jogadores daqui; { $friendly } joga uma partida amistosa.
    - { $record } publica o registro da partida #n (o número aparece nas mensagens dela); { $replay } acrescenta uma reprodução animada.
    - { $rules } explica as regras de um jogo e como escrever os lances.
    Uma partida por canal: use um tópico para jogar várias ao mesmo tempo.

## Discord

board-title = { $game } #{ $id } — lance { $number }
replay-of = A reprodução da partida { $id }.
button-unknown = Esse botão não está mais em uso.
button-elsewhere = Esse botão pertence a outro canal.
thread-refused = O Tabula não pode criar tópicos aqui (falta a permissão), então a partida é jogada neste canal.
thread-opened = { $player } abriu o tópico “{ $thread }”:
