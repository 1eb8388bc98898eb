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
turn-thinking = Lance { $number }: { $player }, { $seat }, está pensando…
turn-to-move = Lance { $number }: vez de { $player }, { $seat }, com /move.
played = { $player }, { $seat }, jogou { $moves }.
played-then = , depois { $move }
game-over-wins = Fim de jogo: { $player }, { $seat }, vence — { $reason }.
game-over-draw = Fim de jogo: empate — { $reason }.
game-over-stayed-wins = Fim de jogo: { $reason }. Entre os que ficaram, { $player }, { $seat }, vence.
resigned-winner = { $player }, { $seat }, abandonou. { $winner }, { $winner_seat }, vence.
resigned-no-winner = { $player }, { $seat }, abandonou; a partida termina sem vencedor.
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
duration-m = { $minutes ->
    [one] { $minutes } minuto
   *[other] { $minutes } minutos
}
duration-h = { $hours ->
    [one] { $hours } hora
   *[other] { $hours } horas
}
duration-hm = { $hours ->
    [one] { $hours } hora
   *[other] { $hours } horas
} { $minutes ->
    [one] { $minutes } minuto
   *[other] { $minutes } minutos
}
duration-d = { $days ->
    [one] { $days } dia
   *[other] { $days } dias
}
duration-dh = { $days ->
    [one] { $days } dia
   *[other] { $days } dias
} { $hours ->
    [one] { $hours } hora
   *[other] { $hours } horas
}
clock-to-move = vez de { $player }
clock-left = vez de { $player }, tempo restante: { $left }
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

help-someone = alguém
help-move = lance
help-name = nome
help-more-seats = ; { $game }: até { $count } adversários (opponent2, …)
help =
    { $tabula } joga { $games } neste canal.
    - { $play } desafia um membro{ $more_seats }.
    - /accept ou /decline responde a um desafio (ou use os botões dele); /withdraw retira o seu.
    - { $move } joga; comece a digitar para ver os lances legais. Ou jogue tocando: aperte Lance embaixo do tabuleiro (ou envie só /move), escolha nos menus com suas imagens e depois Jogar.
    - /board mostra o tabuleiro, /resign abandona, /abort encerra uma partida antes do primeiro lance (depois dele, com o consentimento do adversário).
    - { $clock } em /play define o tempo por lance; { $thread } joga em um novo tópico. /notify dm:on envia seus lembretes por mensagem direta.
    - /draw propõe empate (quando o jogo permite), /takeback pede para desfazer seu último lance; partidas terminadas têm um botão Revanche.
    - /history lista as partidas de um membro, /rating suas notas, { $leaderboard } os melhores jogadores daqui; { $friendly } joga uma partida amistosa.
    - { $record } publica o registro da partida #n (o número aparece nas mensagens dela); { $replay } acrescenta uma reprodução animada, { $analysis } a análise do Tabula dos lances mais fracos de cada jogador. /hint sugere um lance em particular (a partida então deixa de contar para o rating).
    - { $rules } explica as regras de um jogo e como escrever os lances.
    - /tournament conduz um torneio aqui (suíço, todos contra todos ou eliminatório): quem pode gerenciar o servidor cria, todos entram pelo botão Entrar.
    - /settings (para membros que podem gerenciar o servidor) mostra e muda as configurações do Tabula aqui: o idioma das mensagens públicas, os canais para partidas, os tópicos, o relógio padrão, quanto tempo os desafios esperam.
    - /games lista suas partidas abertas em todo lugar, primeiro as que esperam seu lance.
    - /privacy mostra o que o Tabula guarda sobre você; /privacy forget:true faz o Tabula esquecer você.
    - /puzzle tablut dá uma tática perto do seu rating de quebra-cabeças (jogue com /move; /puzzle rating:true mostra seu rating); /puzzle tantrix size:8 começa um quebra-cabeça Tantrix Discovery que só você vê (/hint ajuda); /puzzle tantrix kind:solitaire joga o Solitaire do dia; /puzzle table:true mostra as melhores soluções daqui.
    Uma partida por canal: use um tópico para jogar várias ao mesmo tempo.

## Discord

board-title = { $game } #{ $id } — lance { $number }
replay-of = A reprodução da partida { $id }.
button-unknown = Esse botão não está mais em uso.
button-elsewhere = Esse botão pertence a outro canal.
thread-refused = O Tabula não pode criar tópicos aqui (falta a permissão), então a partida é jogada neste canal.
thread-opened = { $player } abriu o tópico “{ $thread }”:

## Turns and errors

not-started-waits = A partida ainda não começou: espera { $players } aceitar.
not-started-accept-first = A partida ainda não começou: espera você aceitar o desafio (com o botão dele ou /accept).
no-game-here = Não há partida neste canal; comece uma com /play.
not-playing-start-own = Você não está jogando esta partida ({ $players }); comece a sua em um tópico ou em outro canal.
not-playing = Você não está jogando esta partida ({ $players }).
game-over-start-new = Esta partida terminou; comece outra com /play.
not-your-turn-thinking = Não é a sua vez: { $player } está pensando; o lance dele aparecerá aqui.
not-your-turn = Não é a sua vez: é a vez de { $player }, { $seat }.
move-empty = Escreva um lance depois de /move, por exemplo um dos que o preenchimento automático oferece.
move-too-long = { $typed } não é um lance: os lances são curtos, como os que o preenchimento automático oferece.
abort-nothing = Não há partida neste canal para anular.
abort-needs-consent = Já houve lances, então a partida não pode mais ser anulada sozinho: você pode usar /resign, ou pedir ao adversário que concorde em anulá-la com o botão.
abort-too-late = Já houve lances, então a partida não pode mais ser anulada; você pode usar /resign.
abort-not-allowed = Só os jogadores (antes do primeiro lance) ou um membro que pode gerenciar mensagens podem anular esta partida.
abort-over = Essa partida terminou; não há nada para anular.
aborted = { $player } anulou { $what ->
    [challenge] o desafio
   *[game] a partida
} de { $game } ({ $players }).
clock-line = Relógio: { $clock }.
not-started = A partida ainda não começou: o desafio ainda espera ser aceito.
store-failed = Algo deu errado do nosso lado e nada foi alterado; tente de novo daqui a pouco.
game-changed = A partida mudou enquanto seu comando era processado; veja /board e tente de novo.
notify-dm = Seus lembretes chegarão por mensagem direta (no canal da partida se o Discord recusar).
notify-channel = Seus lembretes chegarão no canal da partida.

## Challenges

channel-busy = Este canal já tem { $what ->
    [challenge] um desafio aberto
   *[game] uma partida em andamento
} ({ $game } de { $players }); comece a sua em um tópico ou em outro canal.
no-level = Não existe o nível { $level }: escolha um nível de 1 (suave) a 5 (o mais forte).
not-a-variant = { $typed } não é uma variante de { $game }: veja /help para as que existem.
setup-over = Nessa posição o jogo já acabou ({ $reason }): indique uma em que o lado a jogar ainda possa jogar.
thread-only-play = Só /play abre um tópico.
rematch-asked = { $player } pede revanche de { $game } (partida { $id }), com os lugares trocados: { $lineup }.
challenge-raced = Outro desafio acabou de ser feito neste canal; comece o seu em um tópico ou em outro canal.
clock-per-move = Cada jogador tem { $time } por lance.
clock-no-limit = Esta partida não tem relógio: ao aceitar, você concorda em jogá-la sem limite de tempo.
answer-within = { $minutes ->
    [one] Aceite ou recuse em até { $minutes } minuto, com os botões ou /accept e /decline.
   *[other] Aceite ou recuse em até { $minutes } minutos, com os botões ou /accept e /decline.
}
tabula-level = Tabula (nível { $level })
challenge-variant = Regras: { $variant } ({ $summary }).
challenge-setup = Posição inicial: { $setup }.
level-not-used = level:{ $level } não se aplica: os níveis são para partidas contra a Tabula.
challenges = { $player } desafia { $opponents } para uma partida de { $game } (partida { $id }{ $rated ->
    [no] , sem rating: não mudará a nota de ninguém
   *[yes] {""}
}).
challenge-taken = Esse desafio já foi aceito: a partida está em andamento; veja /board.
game-started = A partida deste canal já começou; veja /board.
challenge-closed = Esse desafio não está mais aberto; comece um novo com /play.
no-challenge = Não há desafio aberto neste canal; comece um com /play.
challenge-for-others = Este desafio é para { $players }; você pode começar sua própria partida em outro canal ou em um tópico.
challenge-own = Você fez este desafio; espere seus adversários aceitarem, ou retire-o com o botão.
accepted-already = Você já aceitou; esperando os outros.
accepted-waiting = { $player } aceitou o desafio de { $game }. Ainda esperando { $waiting }.
accepted = { $player } aceitou.
decline-not-yours = Este desafio é para { $players }; não cabe a você recusá-lo.
declined = { $player } recusou o desafio de { $game } feito por { $challenger }.
withdraw-not-yours = Só quem fez o desafio pode retirá-lo; você pode recusá-lo.
withdrew = { $player } retirou o desafio de { $game }.
challenge-expired = O desafio de { $game } feito por { $challenger } expirou sem resposta ({ $players }); comece um novo com /play.
two-players = { $game } é para dois jogadores: indique exatamente um adversário.
players-range = { $game } é para { $min } a { $max } jogadores: indique de um a { $opponents } adversários.
opponent-bot = { $player } é um bot e não pode jogar; desafie uma pessoa.
challenge-self = Você não pode desafiar a si mesmo; indique outro membro como adversário.
opponent-twice = { $player } foi indicado duas vezes; indique cada adversário uma vez só.

## Offers

offer-pending = Já há { $offer ->
    [draw] uma proposta de empate pendente
    [takeback] um pedido de voltar lance pendente
   *[abort] um pedido de anulação pendente
} de { $player } nesta partida; espere a resposta, ou jogue um lance para cancelá-lo.
offer-pending-answer = { $player } fez { $offer ->
    [draw] uma proposta de empate
    [takeback] um pedido de voltar lance
   *[abort] um pedido de anulação
} nesta partida: responda primeiro, com os botões daquela mensagem.
offer-made = { $player } { $offer ->
    [draw] propõe empate
    [takeback] pede para voltar o último lance
   *[abort] pede para anular a partida
}. { $opponent }, aceite ou recuse com os botões.
no-draws = { $game } não admite empate por acordo: continue jogando, ou use /resign.
draw-two-players = Empate por acordo é para partidas de dois jogadores.
takeback-two-players = Voltar lance é para partidas de dois jogadores.
takeback-hidden = { $game } não tem lances desfeitos: as peças tiradas depois do seu lance já foram vistas.
takeback-nothing = Não há lance seu para voltar.
takeback-too-late = Tarde demais para voltar seu último lance: { $player } já jogou duas vezes desde então.
takeback-refused = { $player } não concede voltar lance: uma vitória contra o nível { $level } deve valer alguma coisa.
offer-closed = Essa proposta não está mais aberta: foi respondida, um lance foi jogado, ou o tempo dela acabou.
offer-own = Você fez { $offer ->
    [draw] esta proposta de empate
    [takeback] este pedido de voltar lance
   *[abort] este pedido de anulação
}; quem responde é seu adversário.
offer-for-players = Esta proposta é para os jogadores desta partida ({ $players }).
offer-declined = { $player } recusou { $offer ->
    [draw] a proposta de empate
    [takeback] o pedido de voltar lance
   *[abort] o pedido de anulação
} de { $from }; a partida continua.
draw-agreed = { $player } aceitou a proposta de empate de { $from }. Fim de jogo: empate por acordo.
abort-agreed = { $player } concordou: { $from } e { $player } anularam a partida de { $game }.
takeback-agreed = { $player } aceitou voltar o lance de { $from }: { $moves } { $count ->
    [one] foi desfeito.
   *[other] foram desfeitos.
}
rematch-busy = Este canal já tem { $what ->
    [challenge] um desafio aberto
   *[game] uma partida
}; o botão de revanche funciona quando o canal estiver livre.
rematch-unknown = Essa partida não é mais conhecida; comece uma nova com /play.
rematch-not-player = Só os jogadores daquela partida podem pedir revanche.

## Reading commands

list-or = { $first } ou { $last }
no-such-game = Não existe jogo chamado { $typed }: escolha { $games }.
not-a-side = { $typed } não é um lado: escolha first, second ou random.
not-a-level = { $typed } não é um nível: escolha um nível de { $low } (suave) a { $high } (o mais forte).
not-a-bool = { $typed } não é verdadeiro nem falso: escreva { $name }:true ou { $name }:false.
not-a-clock = { $typed } não é um relógio: escolha { $choices } (tempo por lance).
not-a-switch = { $typed } não é on nem off: escreva { $on } ou { $off }.
not-a-page = { $typed } não é uma página: as páginas contam a partir de 1.
takes-text = { $typed }: { $name } recebe texto, não um número nem um membro.
takes-member = { $typed }: { $name } indica um membro deste servidor, como { $example }.
not-an-id = { $typed } não é um número de partida: os números são como `1042`, mostrados como `#1042` nas mensagens de cada partida.
no-such-command = Não existe o comando /{ $command }: tente { $commands }.
no-options = /{ $command } não tem a opção { $typed }; não recebe opções.
no-such-option = /{ $command } não tem a opção { $typed }; recebe { $options }.
option-twice = A opção { $name } foi dada duas vezes; dê uma só.
choose-game = Escolha um jogo ({ $games }): { $example }.
notify-where = Diga para onde vão seus lembretes: { $on } (mensagens diretas) ou { $off } (o canal da partida); ou peça um resumo diário das partidas esperando seu lance com { $digest }.
give-id = Dê o número da partida, mostrado como `#1042` nas mensagens dela: { $example }.
replay-or-analysis = Peça o replay ou a análise, um de cada vez: { $example }.

## Reminders and timeouts

reminder =
    { $player }, sua vez em { $game }, lance { $number }, com { $seat }; tempo restante: { $left }; depois o tempo acaba.
    Jogue com /move, ou veja o tabuleiro com /board.
reminder-dm = Sua vez em { $game } ({ $players }), tempo restante: { $left }. Jogue com /move em { $channel }.
time-up-replaced = Acabou o tempo de { $player }, { $seat }, que não jogou em { $time }: o computador (nível { $level }) assume o lugar a partir de agora, e a partida continua; { $name } fica registrado como tendo abandonado.
time-up = Acabou o tempo: { $player }, { $seat }, não jogou em { $time } e perde por tempo.
wins = { $player }, { $seat }, vence.

## Endings: a seat that leaves a bigger game, places, the picture's line of an ending

resigned-replaced = { $player }, { $seat }, abandonou: o computador (nível { $level }) assume o lugar a partir de agora, e a partida continua; { $name } fica abaixo de todos que permanecem.
resigned-last = { $player }, { $seat }, abandonou, e não resta ninguém para continuar: a partida acabou.
time-up-last = Acabou o tempo de { $player }, { $seat }, que não jogou em { $time }, e não resta ninguém para continuar: a partida acabou.
played-for = Tabula (por { $player }, { $seat }) jogou { $moves }.
turn-thinking-for = Lance { $number }: Tabula (por { $player }, { $seat }) está pensando…
game-over-shared = Fim de jogo: { $reason }.
standing = Classificação: { $places }.
standing-place = { $place }. { $player }, { $seat }
standing-place-left = { $place }. { $player }, { $seat }, que saiu
ended-shared = { $players } dividem o primeiro lugar.
ended-draw = empate.
ending-last-left = { $player } foi o último a sair
outcome-shared = { $place }º lugar dividido de { $of }

## Records

game-over-record = A partida { $id } terminou; { $command } mostra o registro dela.
no-such-id = Não existe a partida { $id }: os números aparecem nas mensagens de cada partida.
record-elsewhere = A partida { $id } foi jogada em outro servidor; o registro dela só pode ser visto lá.
no-moves-to-record = { $id } { $why ->
    [waiting] é um desafio ainda esperando resposta
    [declined] foi um desafio recusado
    [withdrawn] foi um desafio retirado
    [expired] foi um desafio que expirou sem resposta
   *[aborted] foi anulada antes do primeiro lance
}, então não tem lances para registrar.
record-broken = Os lances da partida { $id } não podem mais ser reproduzidos; o registro dela não pode ser feito.
in-play = em andamento ({ $how })
still-in-play = ainda em andamento
ending-draw-agreed = empate por acordo
ending-aborted = anulada por { $by }
ending-time = { $player } perdeu por tempo
ending-resigned = { $player } desistiu
ending-aborted-moderator = anulada por um moderador
ending-aborted-before = anulada por { $player } antes do primeiro lance
ending-decided = resultado definido pela organização: { $outcome } ({ $reason })
ending-decided-win = { $player } vence
ending-decided-loss = { $player } perde
ending-decided-draw = empate
ending-round-time = o tempo da rodada acabou: empate
ending-rules = terminada pelas regras
record-summary = Partida { $id }: { $game }, { $players }, { $count ->
    [one] { $count } lance
   *[other] { $count } lances
}: { $result }

## History

outcome-won = vitória
outcome-draw = empate
outcome-lost = derrota
outcome-place = { $place }º de { $of }
ratings-moved = Notas: { $ratings }.
history-empty = { $player } ainda não tem partidas terminadas{ $game ->
    [none] {""}
   *[other] {" "}de { $game }
} neste servidor.
history-no-page = Não existe a página { $page }: o histórico{ $game ->
    [none] {""}
   *[other] {" "}de { $game }
} tem { $pages ->
    [one] { $pages } página
   *[other] { $pages } páginas
}.
history-title = Partidas{ $game ->
    [none] {""}
   *[other] {" "}de { $game }
} de { $player } — página { $page } de { $pages } ({ $count ->
    [one] { $count } partida
   *[other] { $count } partidas
})
unrated-mark = {" "}(sem rating)

## Ratings

lookup-failed = Algo deu errado do nosso lado; tente de novo daqui a pouco.
no-ratings = { $player } ainda não tem partidas com rating: as notas vêm de partidas terminadas entre membros ({ $play }).
ratings-of = Notas de { $player }
rating-row = { $board ->
    [all] em todos os servidores
   *[here] neste servidor
} ({ $count ->
    [one] { $count } partida
   *[other] { $count } partidas
}, V-E-D { $record })
provisional-note = Um `?` marca uma nota ainda provisória (poucas partidas).
leaderboard-empty = Ninguém tem nota em { $game } aqui ainda: termine uma partida com rating ({ $play }) para abrir a classificação.
leaderboard-title = Classificação de { $game } — { $count ->
    [one] { $count } jogador com nota.
   *[other] { $count } jogadores com nota.
}
leaderboard-place = { $player } está em { $place }º lugar ({ $rating }).

## Direct messages

play-in-dm = As partidas são jogadas em canais de servidor, não em mensagens diretas: use /play em um canal de um servidor onde o Tabula esteja.

## What moves did and why games ended

effect-captured = capturou { $squares }
effect-captured-king = capturou o rei em { $square }
effect-king-captured = o rei foi capturado em { $square }
effect-king-escaped = o rei escapou para { $square }
end-no-moves = { $side } ficou sem lance legal
end-repetition = a mesma posição ocorreu pela { $count }ª vez
list-and = { $first } e { $last }

## Settings

settings-in-dm = As configurações pertencem a um servidor: use /settings em um canal do seu servidor.
settings-current = As configurações do Tabula neste servidor:
settings-changed = Configurações alteradas. As configurações do Tabula neste servidor:
settings-line-language = - Idioma das mensagens públicas: { $value }
settings-line-channels = - Partidas podem começar em: { $value }
settings-line-threads = - Partidas começam em um tópico: { $value }{ $mark }
settings-line-clock = - Relógio padrão: { $value }{ $mark }
settings-line-expiry = - Um desafio espera { $time } pela resposta{ $mark }
settings-default-mark = {" "}(o padrão do bot)
settings-language = { $name } ({ $code })
settings-language-follow = o idioma do próprio servidor, como o Discord informa (padrão)
settings-every-channel = todos os canais (padrão)
settings-every-channel-but = todos os canais exceto { $channels }
settings-blocked-now = Agora partidas são permitidas em todos os canais exceto { $channel }.
settings-yes = sim
settings-no = não
settings-clock-per-move = { $time } por lance ({ $name })
settings-no-clock = sem relógio ({ $name })
settings-how = Mude-as com { $command }; { $default } (ou { $zero }) volta ao padrão do bot.
settings-bad-language = { $typed } não é um idioma que o Tabula fala: escolha { $codes }, ou { $server } para seguir o idioma do próprio servidor.
settings-bad-channel = { $typed }: { $name } indica um canal deste servidor, como { $example }.
settings-bad-threads = { $typed } não é uma opção: escreva { $choices }.
settings-bad-clock = { $typed } não é um relógio: escolha { $choices } (tempo por lance), ou { $default } para o do bot.
settings-bad-minutes = { $typed } não é um tempo de espera: dê os minutos que um desafio espera, de 1 a { $max } (0 para o padrão do bot).
settings-bad-all-channels = { $typed }: escreva { $all } para permitir partidas em todos os canais de novo ({ $allow } as limita).
settings-disallow-absent = Partidas já não são permitidas em { $channel }.
settings-disallow-last = Partidas só são permitidas em { $channel }: permita outro canal antes, ou permita todos os canais com { $all }.

## Settings seen by players

channel-not-allowed = Neste servidor não se começam partidas neste canal; use { $channels }.
channel-blocked = Neste servidor não se começam partidas em { $channel }; comece a sua em outro canal.
settings-not-allowed = Só membros com a permissão Gerenciar Servidor podem ver ou mudar as configurações do Tabula aqui.

analysis-failed = A análise falhou; tente de novo.
analysis-progress = Analisando a partida #{ $id }… { $done }/{ $total ->
    [one] { $total } posição
   *[other] { $total } posições
}

## The coach: /hint and the analysis of a game

hint-no-game = Não há partida neste canal; a dica é para o jogador da vez.
hint-not-started = A partida ainda não começou; peça uma dica quando for a sua vez.
hint-not-player = Só os jogadores desta partida podem pedir uma dica.
hint-not-your-move = Não é a sua vez; peça uma dica quando for.
hint-no-thought = O Tabula não conseguiu pensar agora; tente de novo em um instante.
hint-game-ended = A partida terminou enquanto o Tabula pensava.
hint-moved-on = A partida seguiu enquanto o Tabula pensava; peça de novo.
hint-failed = Algo deu errado do nosso lado e nenhuma dica foi dada; tente de novo em um instante.
hint = O Tabula (nível { $level }) jogaria { $moves }. Avaliação: { $verdict }.
hint-unrated = {" "}Esta partida não conta mais para o rating.
hint-notice = { $player } pediu uma dica ao Tabula na partida { $id }{ $rated ->
    [yes] : ela não conta mais para o rating.
   *[no] .
}
verdict-equal = mais ou menos igual
verdict-side = { $how ->
    [slight] leve vantagem de { $side }
    [better] vantagem de { $side }
    [winning] vantagem decisiva de { $side }
   *[forced] vitória forçada de { $side } (a busca a encontrou)
}
verdict-you = { $how ->
    [slight] você ({ $side }) está um pouco melhor
    [better] você ({ $side }) está melhor
    [winning] você ({ $side }) está vencendo
   *[forced] você ({ $side }) vence à força (a busca encontrou)
}
verdict-opponent = { $how ->
    [slight] um adversário está um pouco melhor
    [better] um adversário está melhor
    [winning] um adversário está vencendo
   *[forced] um adversário vence à força (a busca encontrou)
}
analysis-elsewhere = A partida { $id } foi jogada em outro servidor; ela só pode ser analisada lá.
analysis-not-finished = A partida { $id } não terminou; só partidas terminadas são analisadas.
analysis-no-moves = A partida { $id } terminou antes do primeiro lance: não há lances para analisar.
analysis-broken = Os lances da partida { $id } não se reproduzem mais; ela não pode ser analisada.
analysis-title = Análise do Tabula da partida { $id } ({ $game }, nível { $level }, { $ms } ms por posição, { $count ->
    [one] { $count } posição
   *[other] { $count } posições
}):
analysis-player = { $player }, { $side }:
analysis-none = - nenhum lance que claramente perdeu terreno.
analysis-mistake = - lance { $number }, { $played }: o Tabula preferia { $preferred } ({ $before } antes, { $after } depois).

## The console (`tabula local`): its own lines around the bot's answers

console-to = (só para { $user })
console-remark = (console) { $text }
console-usage = escreva { $form }, por exemplo { $example }
console-who = cada linha começa com quem fala: { $usage }
console-command = depois de { $user } vem um comando com barra: { $usage }
console-lang-set = (console) { $user } agora lê o Tabula em { $lang }.
console-lang-unknown = { $typed } não é um idioma que o Tabula fala: escolha { $codes }.
console-no-value = { $command } não recebe valor; remova { $typed }.
console-members = Escreva membros como { $example }.
console-channels = Escreva canais como { $example }.
console-no-suggestions = nenhuma sugestão
console-wait-how = Diga quanto tempo esperar, como { $a }, { $b } ou { $c }.
console-clock-fixed = O relógio deste console não pode ser adiantado.
console-later = (console) { $time } depois…
console-wait-too-long = { $typed } é tempo demais: o relógio do console avança no máximo { $max } de cada vez.
console-no-buttons = Não há mensagem com botões aqui.
console-buttons = A última mensagem com botões tem { $labels }: escreva { $example }.
console-write-failed = (console) não foi possível gravar { $file }: { $error }
console-direct = (mensagem direta para { $user })
console-archived = (console) o tópico { $thread } foi arquivado.

## The live board in the browser (src/web, session/watch.rs)
web-title = tabuleiro ao vivo
web-no-game = Este endereço não abre nenhuma partida. A página de uma partida é aberta pelo link dela: toque em Assistir ao vivo sob o tabuleiro, ou envie /game com o número da partida no canal dela.
web-waiting-accept = Aguardando o desafio ser aceito.
web-to-move = Vez de { $player }, { $seat }
web-over = Fim de jogo: { $result }
web-over-plain = Fim de jogo
web-off = O tabuleiro na web não está ligado aqui.
web-game-over = Este jogo não está mais em andamento.
web-not-player = Só os jogadores desta partida recebem um link para jogá-la.
web-your-link = Seu link para jogar esta partida no navegador (não o compartilhe; vale por uma semana):
web-open = Abrir meu tabuleiro
web-tactic = Tática de { $game }: { $goal }.
web-tactic-solved = Tática de { $game }, resolvida: { $goal }.
web-tactic-missed = Tática de { $game }, não foi: a solução era { $solution }.
web-not-an-action = Isso não é algo que esta página faz.
web-give-up = Mostrar a solução
web-solo = { $puzzle } { $spec }: { $placed } de { $size } peças na mesa · { $time } · { $actions ->
    [one] { $actions } ação
   *[other] { $actions } ações
}. O objetivo: { $goal }.
web-nothing-to-take-back = Não há peça na mesa para voltar.
web-take-back = Voltar
web-play-button = Jogar no navegador
web-watch-button = Assistir ao vivo
web-no-offer = Não há proposta para responder.
web-moves = Lances
web-players = Jogadores
web-your-turn = Sua vez.
web-draw = Propor empate
web-takeback = Pedir para voltar o lance
web-resign = Desistir
web-confirm = Sim, confirmar
web-cancel = Cancelar
web-accept = Aceitar
web-decline = Recusar
web-offer-draw = Empate proposto
web-offer-takeback = Pedido para voltar o lance
web-offer-abort = Pedido para anular
web-waiting-answer = Aguardando a resposta.
web-first = Início
web-previous = Anterior
web-next = Próximo
web-last = Fim
web-record = Baixar o registro
web-board-text = o tabuleiro em texto
web-pass = Passar
web-rotate = Girar
web-play = Jogar
web-left = saiu
web-computer = computador
web-time-left = tempo restante:
web-refused = Este link não vale para esta partida (pode ter expirado): peça outro com o botão Jogar no navegador.
web-choose-move = Escolha um lance
web-live = Ao vivo

## O seletor de lances
button-move = Lance
button-back = Voltar
button-other-groups = Outros grupos
pick-stale = A partida avançou desde que este seletor foi mostrado; aqui está um novo.
pick-not-a-choice = Essa não é uma das opções aqui; escolha uma no menu.
pick-preview = Depois de { $notation }:
pick-play = Jogar { $notation }
pick-grouped = Há mais opções do que cabem em um menu: escolha primeiro um grupo.
pick-group = { $first } … { $last }
pick-other-game = Este seletor é de uma partida anterior neste canal; aperte Lance no tabuleiro da partida atual.
pick-spectator = É a vez de { $player } nesta partida; você pode acompanhá-la aqui e começar uma sua com /play.
console-no-select = Nenhum menu foi mostrado a você ainda: abra um com /move.
console-select-options = O último menu mostrado a você oferece { $options }: escreva, por exemplo, { $example }.

## Tournaments

tournament-join-button = Entrar
tournament-leave-button = Sair
tournament-in-dm = Torneios acontecem em um servidor: use /tournament em um dos canais dele.
tournament-not-allowed = Só membros com a permissão Gerenciar Servidor ou o cargo de organizadores do /settings (ou o organizador do torneio) podem fazer isso.
tournament-format-not-for-game = { $game } é jogado em mesas de três ou quatro, então seus torneios são suíços ({ $swiss }), não { $format }.
tournament-no-mini-match = { $game } é jogado em mesas, então um emparceiramento não pode ser um minimatch: deixe de fora mini_match.
tournament-format-swiss = suíço
tournament-format-round-robin = todos contra todos
tournament-format-knockout = eliminatório
tournament-rounds = { $rounds ->
    [one] { $rounds } rodada
   *[other] { $rounds } rodadas
}
tournament-rounds-as-needed = tantas rodadas quantas os jogadores precisarem
tournament-announced = 🏆 Torneio { $id }: { $game }, { $format }, { $rounds }, { $clock } por lance.
tournament-starts-in = As inscrições fecham e a rodada 1 começa em { $time }: aperte Entrar para jogar.
tournament-round-now = A rodada { $round } está em andamento.
tournament-is-finished = O torneio terminou.
tournament-is-cancelled = O torneio foi cancelado.
tournament-no-players = Ainda sem jogadores.
tournament-players = Jogadores ({ $count }/{ $max }): { $players }
tournament-unknown = Não há torneio { $id } neste servidor.
tournament-none-open = Não há torneio aberto neste servidor; um organizador cria um com /tournament action:create.
tournament-which = Este servidor tem mais de um torneio: diga qual com { $ids }.
tournament-closed = As inscrições do torneio { $id } estão fechadas.
tournament-already-in = Você já está inscrito no torneio { $id }.
tournament-no-bots = Bots não podem jogar torneios.
tournament-full = O torneio { $id } está cheio ({ $max } jogadores).
tournament-not-in = Você não está inscrito no torneio { $id }.
tournament-standings-title = Torneio { $id }: { $game }
tournament-standings-subtitle = após a rodada { $round } · { $players } jogadores
tournament-standings = Classificação do torneio { $id } após a rodada { $round }: { $leader } lidera com { $points }.
tournament-standings-empty = O torneio { $id } ainda não tem jogadores.
tournament-state-signup = aberto para inscrições
tournament-state-running = em andamento
tournament-state-paused = pausado
tournament-state-finished = encerrado
tournament-state-cancelled = cancelado
tournament-cannot = O torneio { $id } está { $state }, então isso não pode ser feito agora.
tournament-paused = O torneio { $id } foi pausado por { $by }: nenhuma rodada nova começa até ele ser retomado.
tournament-resumed = O torneio { $id } continua, retomado por { $by }.
tournament-cancelled = O torneio { $id } foi cancelado por { $by }.
tournament-withdrawn = { $player } está fora das próximas rodadas do torneio { $id } (retirado por { $by }); suas partidas até aqui contam.
tournament-player-not-in = { $player } não está jogando o torneio { $id }.
tournament-no-game-to-decide = { $player } não tem partida indefinida na rodada { $round }.
tournament-result-set = Torneio { $id }: { $first } – { $second } fica { $result }, definido por { $by }. Motivo: { $reason }
tournament-too-few = O torneio { $id } foi cancelado: menos de dois jogadores se inscreveram.
tournament-round-over = A rodada { $round } do torneio { $id } terminou.
tournament-won = 🏆 O torneio { $id } ({ $game }) terminou. Vencedor: { $winners }!
tournament-thread = Torneio { $id } rodada { $round } mesa { $board }: { $players }
tournament-pairings = Rodada { $round } do torneio { $id }:
tournament-bye = folga (vale uma vitória): { $player }
tournament-not-started = (não iniciada)
tournament-board = mesa { $board }, { $thread }: { $players }
tournament-game-starts = Torneio { $id }, rodada { $round }: { $players }, a partida de vocês é aqui.
tournament-not-a-number = { $option } aceita um número inteiro.
tournament-out-of-range = { $option } está fora do intervalo: use um número de { $low } a { $high }.
tournament-needs-player = Diga qual jogador, por exemplo { $example }.
tournament-needs-outcome = Diga o resultado do jogador (win, draw ou loss), por exemplo { $example }.
tournament-needs-reason = Dê um motivo (no máximo { $max } caracteres); ele é publicado com o resultado.
tournament-no-such-action = Não existe a ação { $typed }: use uma de { $actions }.
tournament-no-such-format = Não existe o formato { $typed }: use um de { $formats }.
tournament-bad-start = { $typed } não é um tempo a partir de agora entre um minuto e 30 dias: escreva como { $example }.
tournament-mark = {" "}(torneio { $id }, rodada { $round })

## Privacidade

privacy-data =
    O que o Tabula guarda sobre { $player }:
    - partidas e desafios de que você participou: { $sessions } (terminadas, no seu histórico: { $finished }; /history as lista)
    - ratings: { $ratings } (/rating os mostra)
    - inscrições em torneios: { $tournaments }
    - quebra-cabeças que você começou: { $puzzles }
    - táticas feitas das suas partidas terminadas: { $tactics }
    - para onde vão seus lembretes: { $notify }
    - seu resumo diário: { $digest }
    - os nomes registrados para você: { $names }
    Seus lances e resultados continuam nas partidas e registros dos outros jogadores. { $forget } remove suas preferências e troca seu nome em todo lugar por um rótulo neutro.
privacy-nothing = O Tabula não guarda nada sobre { $player }.
privacy-notify-dm = por mensagem direta
privacy-notify-channel = no canal da partida
privacy-notify-unset = não definido (no canal da partida)
privacy-confirm = Isto remove suas preferências e troca seu nome em todas as partidas, registros, históricos e ratings por um rótulo neutro. As partidas continuam, para os outros jogadores, e isto não pode ser desfeito. Aperte { $button } para continuar.
button-forget = Esqueça-me
privacy-forgotten = Pronto: suas preferências foram removidas, e seu nome agora é { $label } { $sessions ->
    [one] na sua partida ou desafio
   *[other] nas suas { $sessions } partidas e desafios
}, no seu histórico e nos seus ratings.
privacy-not-yours = Este botão pertence a outro membro: use { $command } para que o Tabula esqueça você.
privacy-forget-failed = Não foi possível esquecer seus dados agora (nada foi alterado): tente de novo daqui a pouco.
takes-role = { $typed }: { $name } indica um cargo deste servidor, como { $example }.
settings-line-organisers = - Torneios são organizados por: membros que podem gerenciar o servidor
settings-line-organisers-role = - Torneios são organizados por: membros que podem gerenciar o servidor, e o cargo { $role }
settings-bad-off = { $typed } aceita true ou false, como { $example }.
settings-either = Escolha { $set } ou { $off }, não os dois.
console-roles = Escreva cargos como { $example }.
console-role-usage = Dê um cargo a um membro com { $example } (um - antes do cargo o retira).
console-role-not-allowed = Só admin e mod dão cargos no console.
console-role-given = (console) { $user } agora tem o cargo { $role }.
console-role-taken = (console) { $user } não tem mais o cargo { $role }.
tournament-check-in-button = Confirmar presença
tournament-check-in-later = A confirmação de presença abre { $time } antes do início: só quem confirmar é emparceirado.
tournament-check-in-now = A confirmação de presença está aberta: aperte Confirmar presença para ser emparceirado.
tournament-check-in-open = ⏰ A confirmação de presença do torneio { $id } está aberta até o início, em { $time }: { $players }, apertem Confirmar presença ou não serão emparceirados.
tournament-not-checked-in = O torneio { $id } começa sem { $count ->
    [one] um jogador que
   *[other] { $count } jogadores que
} não confirmaram presença: { $players }.
tournament-check-in-over = A confirmação de presença do torneio { $id } acabou: ele já começou.
tournament-no-check-in = O torneio { $id } não tem confirmação de presença: a inscrição basta.
tournament-check-in-not-yet = A confirmação de presença do torneio { $id } abre em { $time }; volte então.
tournament-checked-in-already = Você já confirmou presença no torneio { $id }.
tournament-check-in-not-in = Você não está inscrito no torneio { $id }: aperte Entrar (durante a confirmação, isso já confirma sua presença).
tournament-winner-role = O vencedor recebe o cargo { $role }.
tournament-role-given = Recebe o cargo { $role }.
tournament-role-refused = Não consegui dar a { $player } o cargo { $role }: preciso da permissão Gerenciar Cargos e de um cargo acima dele. Um moderador pode dá-lo manualmente.
# A clause of an engine (a refusal) as a sentence of its own: the code capitalizes it and ends it with a full stop.
sentence = { $text }

## Quebra-cabeças (um jogador)

puzzle-size = Um quebra-cabeça { $puzzle } tem de { $low } a { $high } peças.
puzzle-size-typed = { $typed } não é um tamanho: dê o número de peças, como { $example }.
puzzle-game = Ainda não há quebra-cabeças de { $game }: experimente { $example }.
puzzle-failed = O quebra-cabeça não pôde ser salvo agora (nada mudou): tente de novo daqui a pouco.
puzzle-start = { $puzzle } de { $size } peças: { $goal }, com toda borda encostada combinando. Escolha uma peça abaixo para colocá-la; escolha uma já colocada para movê-la, girá-la ou retirá-la. Só você vê isto; { $command } traz de volta.
puzzle-none = Você não está resolvendo nenhum quebra-cabeça: comece um com { $example } (de 3 a 30 peças).
puzzle-gone = Esse quebra-cabeça não está mais guardado.
puzzle-not-yours = Esse quebra-cabeça é de outra pessoa: comece o seu com { $example }.
puzzle-closed = Você começou outro quebra-cabeça depois, então este foi fechado: { $command } mostra o que você está resolvendo.
puzzle-stale = O quebra-cabeça mudou desde aquela mensagem (outra mensagem ou aparelho); aqui está ele agora.
puzzle-hint = Dica: a peça { $tile } vai em { $cell }, girada { $turn } (circulada no tabuleiro).
puzzle-hint-counted = Soluções com dicas não entram na tabela das mais rápidas.
puzzle-hint-impossible = As peças colocadas não podem ficar todas onde estão em nenhuma solução: retire algumas (as últimas primeiro) e peça de novo.
puzzle-hint-unknown = Não consegui terminar a busca a tempo: retire uma ou duas peças e peça de novo.
puzzle-hint-failed = A dica não pôde ser salva agora, então nenhuma foi dada: tente de novo daqui a pouco.
button-puzzle-put-hint = Colocar ali
button-puzzle-post = Publicar aqui
button-puzzle-again = Outro deste tamanho
button-hint = Dica
puzzle-lifted = A peça { $tile } voltou para o lado.
puzzle-put = A peça { $tile } está em { $cell }.
puzzle-solved = Resolvido! { $puzzle } { $size } em { $time } com { $actions ->
    [one] { $actions } ação
   *[other] { $actions } ações
}{ $hints ->
    [0] .
    [one] {" "}e uma dica (fora da tabela das mais rápidas).
   *[other] {" "}e { $hints } dicas (fora da tabela das mais rápidas).
}
puzzle-start-day = { $puzzle } de { $day } (o mesmo para todos hoje): { $goal }. Cada peça aparece quando é tirada; escolha o lugar, depois a rotação. Só você vê isto; { $command } traz de volta.
puzzle-scored = Fim! { $puzzle } de { $spec }: { $score } pontos, { $made }, em { $time } com { $actions ->
    [one] { $actions } ação.
   *[other] { $actions } ações.
}
puzzle-posted-score = { $player } fez { $score } pontos em { $game } { $puzzle } de { $spec } ({ $time }). Experimente: { $command }
puzzle-table-score-line = { $place }. { $player }: { $score } pontos ({ $time })
puzzle-no-hints = { $puzzle } não tem dicas: a peça tirada vai onde você escolher.
puzzle-kind = { $typed } não é um quebra-cabeça daqui: escolha um de { $kinds }.
puzzle-board = { $placed } de { $size } peças colocadas; o objetivo: { $goal }.
puzzle-menu-tiles = Colocar uma peça ({ $first }–{ $last })…
puzzle-menu-down = Mover, girar ou retirar uma peça ({ $first }–{ $last })…
puzzle-places = Onde vai a peça { $tile }? Os lugares onde ela combina estão marcados com letras no tabuleiro.
puzzle-places-down = Para onde vai a peça { $tile } agora? Escolha um lugar marcado, ou retire-a.
puzzle-places-none = A peça { $tile } não combina em nenhum lugar ao lado das peças colocadas: volte e mova outra antes.
puzzle-lift = Retirar
puzzle-place-option = { $letter }: { $cell }
puzzle-menu-places = Lugar da peça { $tile }…
puzzle-no-fit = A peça { $tile } não cabe em { $cell } agora.
puzzle-turns = Como a peça { $tile } vai girada em { $cell }? As rotações que combinam estão marcadas com letras na imagem.
puzzle-menu-turns = Rotação da peça { $tile }…
puzzle-turn-option = { $letter } (girada { $turn })
puzzle-post-unsolved = Só um quebra-cabeça resolvido pode ser publicado.
puzzle-posted = { $player } resolveu { $game } { $puzzle } { $size } em { $time } com { $actions ->
    [one] { $actions } ação
   *[other] { $actions } ações
}{ $hints ->
    [0] .
    [one] {" "}e uma dica.
   *[other] {" "}e { $hints } dicas.
} Experimente: { $command }
puzzle-table-server = neste servidor
puzzle-table-alone = em mensagens diretas
puzzle-table-empty = Nenhum quebra-cabeça { $puzzle } foi resolvido sem dicas { $scope } ainda: experimente { $example }.
puzzle-table-size = Melhores soluções de { $puzzle } { $size } { $scope } (sem dicas):
puzzle-table-all = Solução mais rápida de { $puzzle } de cada tamanho { $scope } (sem dicas):
puzzle-table-line = { $place }. { $puzzle } { $size }: { $player }, { $time } ({ $actions ->
    [one] { $actions } ação
   *[other] { $actions } ações
})
puzzle-tile-option = Peça { $tile }

tactic-board = **Tática de { $game }** (rating { $rating }): { $goal }. Jogue seu lance com { $command }, como em { $example }, ou aperte Lance; só você vê isto. Seu rating de quebra-cabeças: { $mine }, sequência { $streak }.
tactic-none-left = Você já tentou todas as táticas de { $game }: tente as de outro jogo, ou volte quando houver mais.
tactic-right = Certo: { $played }.
tactic-reply = A resposta: { $reply }.
tactic-go-on = Sua vez.
tactic-wrong = { $played } não é: a solução é { $solution }.
tactic-given-up = A solução: { $solution }.
tactic-solved = Resolvido! Seu rating de quebra-cabeças: { $rating } ({ $change }), sequência { $streak }.
tactic-missed = Não foi. Seu rating de quebra-cabeças: { $rating } ({ $change }); sua melhor sequência é { $best }.
tactic-rating = Seu rating de quebra-cabeças: { $rating } (± { $deviation }). Táticas resolvidas: { $solved }, erradas: { $failed }. Sequência: { $streak }, a melhor { $best }.
tactic-rating-none = Você ainda não tem rating de quebra-cabeças: resolva uma tática antes, com { $example }.
tactic-no-hints = Táticas não têm dicas: encontre o lance você mesmo, ou aperte Mostrar a solução (a tática conta então como errada).
tactic-options = Uma tática não tem tamanho nem tabela: envie { $example } para um quebra-cabeça em tamanhos, ou /puzzle com um jogo para as táticas dele.
button-tactic-solution = Mostrar a solução
button-tactic-next = Próxima tática
privacy-tactics-yes = permitidas (/privacy tactics:false para)
privacy-tactics-no = não permitidas (/privacy tactics:true permite)
privacy-tactics-on = A partir de agora, o Tabula pode fazer táticas para /puzzle das suas partidas terminadas (uma partida só é usada quando todos os jogadores dela permitem). /privacy tactics:false para isso.
privacy-tactics-off = O Tabula não faz mais táticas das suas partidas (as já feitas ficam, sem o seu nome).

daily-post = 🧩 **Quebra-cabeça do dia** { $date }: **{ $puzzle }**: { $goal }.
daily-tactic = Tática de { $game }
daily-solo = { $game } { $puzzle }
daily-how = Aperte **Tentar** para resolver em particular: só você vê sua tentativa. O post de amanhã diz quem resolveu.
daily-note = Quebra-cabeça do dia { $date }.
daily-results = O quebra-cabeça de { $date } ({ $puzzle }) foi resolvido por { $solvers } ({ $tried ->
    [one] { $tried } terminou
   *[other] { $tried } terminaram
}).
daily-results-unsolved = Ninguém resolveu o quebra-cabeça de { $date } ({ $puzzle }): { $tried ->
    [one] um membro tentou.
   *[other] { $tried } membros tentaram.
}
daily-results-none = Ninguém terminou o quebra-cabeça de { $date } ({ $puzzle }).
daily-solver-score = { $player } ({ $score })
daily-more = {" "}e mais { $count }
button-daily-try = Tentar
tactic-solved-unrated = Resolvido! Sem rating: você já tinha tentado esta tática.
tactic-missed-unrated = Não foi. Sem rating: você já tinha tentado esta tática.
settings-line-daily = - Quebra-cabeça do dia: em { $channel }, todo dia às { $hour } UTC
settings-line-no-daily = - Quebra-cabeça do dia: nenhum (daily_channel: escolhe um canal para ele)
settings-bad-hour = { $typed } não é uma hora: dê uma de 0 a 23 (UTC), como { $example }.
games-none = Você não tem partida nem desafio aberto em lugar nenhum: comece um com { $play }.
games-heading = Suas partidas e desafios abertos ({ $count }; sua vez em { $mine }):
games-line = - **{ $game }** #{ $id } com { $players }: { $state } · { $place }
games-your-move = sua vez
games-to-answer = um desafio para você responder
games-waiting = seu desafio, esperando resposta
games-their-move = vez de { $player }
games-left = , restam { $left }
games-direct = em mensagens diretas
games-web = {" "}· seu tabuleiro: <{ $link }>
games-more = …e mais { $count }.
notify-bad-hour = { $typed } não é uma hora: dê uma de 0 a 23 (UTC), como { $example }.
notify-digest-both = { $off } desliga o resumo: não leva hora.
notify-digest-on = Todo dia às { $hour } UTC, uma mensagem direta vai listar as partidas esperando seu lance (nenhuma num dia sem elas).
notify-digest-off = Sem mais resumos diários.
digest-heading = Seu resumo diário: { $count ->
    [one] uma partida espera
   *[other] { $count } partidas esperam
} seu lance.
privacy-digest-at = todo dia às { $hour } UTC (/notify digest:off o desliga)
privacy-digest-none = nenhum
