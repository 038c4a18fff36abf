/* «Дурак онлайн»: the ONE i18n module of every page. It holds the interface strings in
   Russian and English (the watching pages' and the API refusals' tables are registered here
   too: one lookup), the person's language (one choice, remembered as "durak.lang" and told to
   the server as Django's language cookie, so the admin and templates agree), the switch,
   the page's fixed texts, refusals by error code, and dates and numbers in that language.
   The seed's long texts (rules, tips, history) live in the template, in both languages.
   long module: one table of every string in two languages, kept together so that a string
   missing in one language is seen beside its twin (tests/js checks none is). */
import { ACCOUNT } from "./account-strings.js";
import { ERRORS } from "./error-strings.js";
import { PROFILE } from "./profile-strings.js";
import { load, save } from "./prefs.js";
import { WATCH } from "./watch-strings.js";

export const STRINGS = {
  ru: {
    title: "Дурак онлайн",
    langSwitch: "Язык",
    settings: "Настройки",
    opponents: "Соперники",
    level: "Уровень",
    "level.novice": "Новичок",
    "level.experienced": "Опытный",
    "level.master": "Мастер",
    transfer: "Переводной",
    newGame: "Новая игра",
    pendingSettings: "Новые настройки включатся с кнопкой «Новая игра».",
    you: "Вы",
    cpu: "Компьютер",
    deck: "Колода",
    deckLeft: "В колоде: {n}",
    deckEmpty: "Колода пуста",
    trump: "Козырь",
    discard: "Отбой",
    discardCount: "Отбой: {n}",
    table: "Стол",
    tableEmpty: "Стол пуст",
    hand: "Ваши карты",
    cards: "{n} карт",
    "cards.one": "{n} карта",
    "cards.few": "{n} карты",
    "cardsAcc.one": "{n} карту",
    "cardsAcc.few": "{n} карты",
    "cardsAcc.many": "{n} карт",
    btnNoMore: "Больше не подкидываю",
    "seat.open": "Свободное место",
    "say.passNoMore": "Больше не подкидываю",
    "log.passNoMore": "{name}: «Больше не подкидываю»",
    "status.wait.lead": "Ходит {name}…",
    "status.wait.defend": "Отбивается {name}…",
    "status.wait.take": "Берёт {name}…",
    "status.wait.throw": "Подкидывает {name}…",
    "status.wait.throwTake": "Подкидывает вдогонку {name}…",
    "status.youDefendTransfer": "Вы отбиваетесь: побейте карту, переведите картой того же достоинства («Перевести») или нажмите «Взять».",
    "log.deckOut": "Колода кончилась: последнюю карту, козырь {card}, взял {name}",
    "log.deckOut.you": "Колода кончилась: последнюю карту, козырь {card}, взяли вы",
    "notice.deckOut": "Колода кончилась — козырь {card} у игрока {name}",
    "notice.deckOut.you": "Колода кончилась — последний козырь {card} у вас",
    "log.standIn": "Время вышло — за вас компьютер: {what}",
    "log.givenUp": "{name} покидает партию — за него играет компьютер",
    "log.givenUp.you": "Вы покинули партию",
    "timeout.notice": "Время вышло — за вас ходит компьютер",
    "timeout.back": "Вернуться за стол",
    "timeout.backDone": "Вы снова за столом",
    "clock.you": "Ваш ход: осталось {s} с",
    "result.left": "Вы покинули партию — это поражение.",
    "result.leftOther": "{name} покинул партию — поражение",
    "result.cards": "Карты на руках у {name}: {cards}",
    "result.cards.you": "Ваши оставшиеся карты: {cards}",
    "confirm.title": "Бросить партию?",
    "confirm.text": "Партия ещё идёт. Если начать новую, текущая закончится вашим поражением.",
    "confirm.leave": "Бросить и начать новую",
    "confirm.stay": "Продолжить партию",
    "settings.show": "Настройки",
    "speed": "Скорость",
    "speed.normal": "обычная",
    "speed.fast": "быстрая",
    "speed.instant": "мгновенно",
    "sound": "Звук",
    "log.label": "Ход игры: все ходы, новые сверху",
    known: "Известны: {cards}",
    "role.attacker": "ходит",
    "role.defender": "отбивается",
    "role.taking": "берёт",
    "role.out": "вышел",
    "role.durak": "дурак",
    "role.thinking": "думает…",
    "me.attacker": "вы ходите",
    "me.defender": "вы отбиваетесь",
    "me.taking": "вы берёте",
    "me.out": "вы вышли",
    "me.durak": "вы дурак",
    btnBeat: "Бито",
    btnLetTake: "Пусть берёт",
    btnTake: "Взять",
    btnTransfer: "Перевести",
    btnHint: "Подсказка",
    btnCancel: "Отмена",
    btnLead: "Сходить",
    "status.loading": "Загрузка…",
    "status.waitingPlayers": "Ждём игроков за столом…",
    "nav.tournaments": "Турниры",
    "nav.watch": "Смотреть",
    "hint.off": "За этим столом подсказок нет.",
    "status.watching": "Вы смотрите партию.",
    "withFriends": "Играть с друзьями",
    "invite.text": "Отправьте ссылку друзьям — партия начнётся, когда все сядут за стол:",
    "invite.copy": "Копировать",
    "invite.link": "Ссылка на партию",
    "invite.copied": "Ссылка скопирована",
    "invite.fill": "Посадить компьютер",
    "err.noSeat": "За этим столом нет свободных мест — вы смотрите партию.",
    "status.yourLead": "Ваш ход: нажмите карту, чтобы сходить.",
    "status.youDefend": "Вы отбиваетесь: нажмите карту, которая бьёт, или «Взять».",
    "status.youThrow": "Можно подкинуть карту или нажать «{pass}».",
    "status.autoPass": "Подкинуть нечего — «{pass}».",
    "status.youTaking": "Вы берёте. Соперники могут подкинуть вдогонку.",
    "status.chooseTarget": "Выберите на столе карту, которую бьёт {card}.",
    "status.chooseTransfer": "Выберите карту для перевода.",
    "status.chooseLead": "Выберите карты одного достоинства и нажмите «Сходить».",
    "status.waiting": "Ходит {name}…",
    "status.out": "Вы вышли из игры. Досмотрите партию или начните новую.",
    "status.finished": "Партия окончена.",
    "status.noGame": "Выберите соперников — партия начнётся сама.",
    "result.win": "Вы не дурак! Вы вышли из игры.",
    "result.lose": "Вы остались дураком.",
    "result.draw": "Ничья: последние карты ушли одновременно.",
    "result.durak": "Дурак — {name}.",
    "result.places": "Порядок выхода: {list}.",
    "result.replay": "Запись партии",
    "fair.seed": "Ваше зерно раздачи: {seed}",
    hint: "Подсказка: {text}",
    "hint.none": "Подсказки нет.",
    "act.attack": "сходить {cards}",
    "act.throw": "подкинуть {cards}",
    "act.defend": "побить {target} картой {card}",
    "act.transfer": "перевести картой {cards}",
    "act.take": "взять",
    "act.pass": "«{pass}»",
    "log.title": "Ход игры",
    "say.lead": "Хожу {cards}",
    "say.throw": "Подкидываю {cards}",
    "say.beat": "{card} на {target}",
    "say.transfer": "Перевожу {cards}",
    "say.take": "Беру",
    "say.passBeat": "Бито",
    "say.passTake": "Пусть берёт",
    "say.out": "Вышел",
    "log.lead": "{name} ходит {cards}",
    "log.lead.you": "Вы ходите {cards}",
    "log.throw": "{name} подкидывает {cards}",
    "log.throw.you": "Вы подкидываете {cards}",
    "log.beat": "{name} бьёт {target} картой {card}",
    "log.beat.you": "Вы бьёте {target} картой {card}",
    "log.transfer": "{name} переводит {cards} — отбивается {defender}",
    "log.transfer.you": "Вы переводите {cards} — отбивается {defender}",
    "log.shown": "{name} показывает козырь {cards} — отбивается {defender}",
    "log.shown.you": "Вы показываете козырь {cards} — отбивается {defender}",
    "log.take": "{name} берёт",
    "log.take.you": "Вы берёте",
    "log.passBeat": "{name}: «Бито»",
    "log.passTake": "{name}: «Пусть берёт»",
    "log.beaten": "Бито: {n} в отбой",
    "log.taken": "{name} забирает со стола {n}",
    "log.taken.you": "Вы забираете со стола {n}",
    "log.drawn": "{name} добирает {n}",
    "log.drawnYou": "Вы добираете: {cards}",
    "log.out": "{name} выходит из игры",
    "log.handsPassed": "Все передают карты по кругу",
    "log.out.you": "Вы выходите из игры",
    "log.bout": "Ходит {attacker}, отбивается {defender}",
    "log.finished": "Партия окончена",
    "err.stale": "Пока вы думали, соперник сходил — посмотрите на стол.",
    "err.network": "Нет связи с сервером. Пробуем ещё раз…",
    "err.generic": "Не получилось — попробуйте ещё раз.",
    "aria.card": "{rank} {suit}",
    "aria.back": "карта рубашкой вверх",
    "aria.targetOn": "побить {card}",
    "rank.J": "валет", "rank.Q": "дама", "rank.K": "король", "rank.A": "туз",
    "suit.S": "пик", "suit.C": "треф", "suit.D": "бубен", "suit.H": "червей",
    skip: "К игре"
  },
  en: {
    title: "Durak Online",
    langSwitch: "Language",
    settings: "Settings",
    opponents: "Opponents",
    level: "Level",
    "level.novice": "Novice",
    "level.experienced": "Experienced",
    "level.master": "Master",
    transfer: "Transfer (perevodnoy)",
    newGame: "New game",
    pendingSettings: "The new settings apply when you press «New game».",
    you: "You",
    cpu: "Computer",
    deck: "Deck",
    deckLeft: "In the deck: {n}",
    deckEmpty: "The deck is empty",
    trump: "Trump",
    discard: "Discard pile",
    discardCount: "Discarded: {n}",
    table: "Table",
    tableEmpty: "The table is empty",
    hand: "Your cards",
    cards: "{n} cards",
    "cards.one": "{n} card",
    "cards.few": "{n} cards",
    "cardsAcc.one": "{n} card",
    "cardsAcc.few": "{n} cards",
    "cardsAcc.many": "{n} cards",
    btnNoMore: "No more",
    "seat.open": "Open seat",
    "say.passNoMore": "No more from me",
    "log.passNoMore": "{name}: «No more»",
    "status.wait.lead": "{name} leads…",
    "status.wait.defend": "{name} defends…",
    "status.wait.take": "{name} takes…",
    "status.wait.throw": "{name} may throw in…",
    "status.wait.throwTake": "{name} may throw in more…",
    "status.youDefendTransfer": "You defend: beat a card, transfer with a card of the same rank («Transfer»), or press «Take».",
    "log.deckOut": "The deck is out: {name} took the last card, the trump {card}",
    "log.deckOut.you": "The deck is out: you took the last card, the trump {card}",
    "notice.deckOut": "The deck is out — {name} has the trump {card}",
    "notice.deckOut.you": "The deck is out — the last trump {card} is yours",
    "log.standIn": "Time ran out — the computer for you: {what}",
    "log.givenUp": "{name} left the game — the computer plays for them",
    "log.givenUp.you": "You left the game",
    "timeout.notice": "Time ran out — the computer is moving for you",
    "timeout.back": "Take my seat back",
    "timeout.backDone": "You are back at the table",
    "clock.you": "Your move: {s} s left",
    "result.left": "You left the game: it counts as a loss.",
    "result.leftOther": "{name} left the game: a loss",
    "result.cards": "Cards left in {name}'s hand: {cards}",
    "result.cards.you": "Your cards left: {cards}",
    "confirm.title": "Abandon the game?",
    "confirm.text": "The game is still on. Starting a new one ends it as your loss.",
    "confirm.leave": "Abandon and start a new one",
    "confirm.stay": "Keep playing",
    "settings.show": "Settings",
    "speed": "Speed",
    "speed.normal": "normal",
    "speed.fast": "fast",
    "speed.instant": "instant",
    "sound": "Sound",
    "log.label": "Game log: every move, newest first",
    known: "Known: {cards}",
    "role.attacker": "attacks",
    "role.defender": "defends",
    "role.taking": "takes",
    "role.out": "out",
    "role.durak": "durak",
    "role.thinking": "thinking…",
    "me.attacker": "you attack",
    "me.defender": "you defend",
    "me.taking": "you take",
    "me.out": "you are out",
    "me.durak": "you are the durak",
    btnBeat: "Done (bito)",
    btnLetTake: "Let them take",
    btnTake: "Take",
    btnTransfer: "Transfer",
    btnHint: "Hint",
    btnCancel: "Cancel",
    btnLead: "Lead",
    "status.loading": "Loading…",
    "status.waitingPlayers": "Waiting for players to sit down…",
    "nav.tournaments": "Tournaments",
    "nav.watch": "Watch",
    "hint.off": "No hints at this table.",
    "status.watching": "You are watching this game.",
    "withFriends": "Play with friends",
    "invite.text": "Send this link to your friends — the game starts when everyone is seated:",
    "invite.copy": "Copy",
    "invite.link": "Link to the game",
    "invite.copied": "Link copied",
    "invite.fill": "Seat a computer",
    "err.noSeat": "This table has no free seat — you are watching the game.",
    "status.yourLead": "Your lead: click a card to play it.",
    "status.youDefend": "You defend: click a card that beats, or «Take».",
    "status.youThrow": "You may throw in a card or press «{pass}».",
    "status.autoPass": "Nothing to throw in: «{pass}».",
    "status.youTaking": "You are taking. The others may still throw in.",
    "status.chooseTarget": "Choose the table card to beat with {card}.",
    "status.chooseTransfer": "Choose the card to transfer with.",
    "status.chooseLead": "Choose cards of one rank and press «Lead».",
    "status.waiting": "{name} to move…",
    "status.out": "You are out. Watch the game finish or start a new one.",
    "status.finished": "The game is over.",
    "status.noGame": "Choose your opponents and a game starts.",
    "result.win": "You are not the durak! You got out.",
    "result.lose": "You are the durak.",
    "result.draw": "A draw: the last cards went out together.",
    "result.durak": "The durak is {name}.",
    "result.places": "Order out: {list}.",
    "result.replay": "Replay",
    "fair.seed": "Your deal seed: {seed}",
    hint: "Hint: {text}",
    "hint.none": "No hint.",
    "act.attack": "lead {cards}",
    "act.throw": "throw in {cards}",
    "act.defend": "beat {target} with {card}",
    "act.transfer": "transfer with {cards}",
    "act.take": "take",
    "act.pass": "«{pass}»",
    "log.title": "Game log",
    "say.lead": "Lead {cards}",
    "say.throw": "Throw in {cards}",
    "say.beat": "{card} on {target}",
    "say.transfer": "Transfer {cards}",
    "say.take": "I take",
    "say.passBeat": "Done",
    "say.passTake": "Let them take",
    "say.out": "Out",
    "log.lead": "{name} leads {cards}",
    "log.lead.you": "You lead {cards}",
    "log.throw": "{name} throws in {cards}",
    "log.throw.you": "You throw in {cards}",
    "log.beat": "{name} beats {target} with {card}",
    "log.beat.you": "You beat {target} with {card}",
    "log.transfer": "{name} transfers with {cards}, {defender} defends",
    "log.transfer.you": "You transfer with {cards}, {defender} defends",
    "log.shown": "{name} shows trump {cards}, {defender} defends",
    "log.shown.you": "You show trump {cards}, {defender} defends",
    "log.take": "{name} takes",
    "log.take.you": "You take",
    "log.passBeat": "{name}: «Done»",
    "log.passTake": "{name}: «Let them take»",
    "log.beaten": "Beaten: {n} to the discard pile",
    "log.taken": "{name} picks up {n}",
    "log.taken.you": "You pick up {n}",
    "log.drawn": "{name} draws {n}",
    "log.drawnYou": "You draw: {cards}",
    "log.out": "{name} is out",
    "log.handsPassed": "Everyone passes their hand on clockwise",
    "log.out.you": "You are out",
    "log.bout": "{attacker} attacks, {defender} defends",
    "log.finished": "Game over",
    "err.stale": "Your opponent moved while you were thinking: look at the table.",
    "err.network": "No connection to the server. Retrying…",
    "err.generic": "That did not work: {message}",
    "aria.card": "{rank} of {suit}",
    "aria.back": "face-down card",
    "aria.targetOn": "beat {card}",
    "rank.J": "jack", "rank.Q": "queen", "rank.K": "king", "rank.A": "ace",
    "suit.S": "spades", "suit.C": "clubs", "suit.D": "diamonds", "suit.H": "hearts",
    skip: "To the game"
  }
};

/* The tournaments pages, the notice that a table is ready, and a tournament table on the
 * game page. */
const TOURNAMENTS = {
  ru: {
    "nav.game": "К игре",
    "nav.all": "Все турниры",
    "tour.title": "Турниры",
    "tour.pageTitle": "Турниры — Дурак онлайн",
    "tour.wallet": "Кошелёк",
    "tour.balance": "Монеты:",
    "tour.welcome": "Получить 1000 приветственных монет",
    "tour.loading": "Загрузка…",
    "tour.list.title": "Турниры: идут и набирают участников",
    "tour.list.name": "Турнир",
    "tour.list.format": "Система",
    "tour.list.status": "Статус",
    "tour.list.entrants": "Участники",
    "tour.list.fee": "Взнос",
    "tour.list.starts": "Начало",
    "tour.list.empty": "Пока ни одного турнира — создайте первый.",
    "tour.list.byOrganiser": "организатор",
    "tour.games.title": "Столы: сесть за свободное место или посмотреть",
    "tour.games.free": "свободно",
    "tour.games.sit": "сесть ({n} своб.)",
    "tour.games.watch": "смотреть",
    "tour.games.none": "Сейчас никто не играет.",
    "tour.leaders.title": "Рейтинг (Эло, партии людей)",
    "tour.leaders.none": "Сыграйте с живым соперником, чтобы попасть в рейтинг.",
    "tour.leaders.row": "{name} — {rating} ({games})",
    "games.one": "{n} партия", "games.few": "{n} партии", "games.many": "{n} партий",
    "tstatus.registration": "регистрация",
    "tstatus.running": "идёт",
    "tstatus.finished": "завершён",
    "tstatus.cancelled": "отменён",
    "format.elimination": "На выбывание",
    "format.swiss": "Швейцарская система",
    "format.round_robin": "Круговая система",
    "variant.podkidnoy": "Подкидной",
    "variant.perevodnoy": "Переводной",
    "deck.24": "24 карты (с девятки)",
    "deck.36": "36 карт (с шестёрки)",
    "deck.52": "52 карты (с двойки)",
    "leaves.durak": "Дурак",
    "leaves.half": "Худшая половина",
    "form.title": "Новый турнир",
    "form.name": "Название",
    "form.nameDefault": "Вечерний кубок",
    "form.format": "Система",
    "form.players": "Игроков за столом",
    "form.deck": "Колода",
    "form.variant": "Вариант",
    "form.entry_fee": "Взнос, монет",
    "form.rake_percent": "Комиссия площадки, %",
    "form.added_prize": "Добавить в фонд, монет",
    "form.guarantee": "Гарантия фонда, монет",
    "form.payouts": "Призы по местам, %",
    "form.payouts.help": "Например 50,30,20; пусто — автоматически по числу участников",
    "form.min_entrants": "Минимум участников",
    "form.max_entrants": "Максимум участников",
    "form.starts_at": "Начало",
    "form.starts_at.help": "Пусто — начнёт организатор (или когда все места заняты)",
    "form.rounds": "Туров",
    "form.timer": "Секунд на ход",
    "form.timer.help": "Пусто — часы площадки по умолчанию",
    "form.spectator_delay": "Задержка для зрителей, ходов",
    "form.leaves": "Кто выбывает из-за стола",
    "form.money": "Фонд",
    "form.table": "Стол",
    "form.schedule": "Участники и время",
    "form.submit": "Создать турнир",
    "form.creating": "Создаём…",
    "form.fix": "Исправьте отмеченное поле.",
    "ferr.name": "Название — от 1 до 80 символов.",
    "ferr.format": "Выберите систему турнира.",
    "ferr.rules": "Проверьте правила стола: от 2 до 6 игроков, колода 24, 36 или 52 карты.",
    "ferr.entry_fee": "Взнос — целое число монет, 0 или больше.",
    "ferr.rake_percent": "Комиссия — целое число от 0 до 50 %.",
    "ferr.added_prize": "Целое число монет, 0 или больше: столько уйдёт из вашего кошелька в фонд.",
    "ferr.guarantee": "Гарантия — целое число монет, 0 или больше.",
    "ferr.payouts": "Проценты по местам через запятую, от первого места, без роста, в сумме 100 (например 50,30,20). Пусто — автоматически.",
    "ferr.min_entrants": "Минимум — целое число от 2 и не больше максимума.",
    "ferr.max_entrants": "Максимум — целое число от 2 (в круговой системе до 32).",
    "ferr.starts_at": "Время начала — в будущем, или пусто.",
    "ferr.rounds": "Туров — от 1 до 30 (только в швейцарской системе).",
    "ferr.timer": "Секунд на ход — от 5 до 600, или пусто.",
    "ferr.spectator_delay": "Задержка — от 0 до 20 ходов.",
    "ferr.leaves": "Выберите, кто выбывает (только в турнире на выбывание).",
    "err.insufficient_funds": "Не хватает монет: нужно {needed}, в кошельке {balance}.",
    "err.tournament_full": "Все места заняты.",
    "err.already_entered": "Вы уже участвуете.",
    "err.registration_closed": "Регистрация закрыта.",
    "err.too_few_entrants": "Мало участников: нужно хотя бы {needed}, записалось {entered}.",
    "err.not_organiser": "Это может только организатор турнира.",
    "err.not_entered": "Вы не участвуете в этом турнире.",
    "err.not_running": "Турнир сейчас не идёт.",
    "err.tournament_over": "Турнир уже закончился.",
    "err.not_staff": "Это может только администратор.",
    "tp.organiser": "Организатор: {name}",
    "tp.entrants": "Участники: {n} из {max}",
    "tp.startsAt": "Начало: {time}",
    "tp.startsByOrganiser": "Начнёт организатор (или сам, когда все места заняты)",
    "tp.startedAt": "Начался: {time}",
    "tp.finishedAt": "Закончился: {time}",
    "tp.table": "{variant}, {deck}, за столом {players}, {timer} с на ход",
    "tp.leaves.durak": "из-за каждого стола выбывает дурак",
    "tp.leaves.half": "из-за каждого стола выбывает худшая половина",
    "tp.roundsTotal": "туров: {n}",
    "tp.join": "Участвовать",
    "tp.joinFee": "Участвовать за {fee} мон.",
    "tp.withdraw": "Выйти (взнос вернётся)",
    "tp.start": "Начать турнир",
    "tp.cancel": "Отменить турнир",
    "tp.cancelSure": "Точно отменить? Нажмите ещё раз",
    "tp.advance": "Следующий тур",
    "tp.advanceWait": "Тур ещё идёт: сыграно {n} из {total} столов.",
    "tp.entered": "Вы участвуете.",
    "tp.yourTable": "Ваш стол: {link}",
    "tp.pool": "Призовой фонд",
    "pool.entry_fees": "Взносы ({n} × {fee})",
    "pool.rake": "Комиссия площадки ({p} %)",
    "pool.added_prize": "Добавил организатор",
    "pool.overlay": "Доплата до гарантии {g}",
    "pool.total": "Итого в фонде",
    "tp.payouts": "Призы по местам",
    "payouts.auto": "по таблице для {n} участников",
    "payouts.given": "как назначил организатор",
    "payouts.place": "{n} место",
    "payouts.row": "{p} % — {coins} мон.",
    "payouts.won": "{name}",
    "tp.standings": "Таблица",
    "st.place": "Место",
    "st.player": "Игрок",
    "st.points": "Очки",
    "st.buchholz": "Бухгольц",
    "st.prize": "Приз",
    "st.status": "Статус",
    "st.note": "Очки: за столом из k игроков p-й вышедший получает k − p, дурак 0. Бухгольц — сумма очков всех соперников.",
    "st.noteElim": "Выше тот, кто продержался дольше; в одном туре — кто пережил больше соперников за своим столом.",
    "entrant.registered": "записан",
    "entrant.playing": "в игре",
    "entrant.eliminated": "выбыл",
    "entrant.finished": "закончил",
    "tp.rounds": "Туры",
    "round.n": "Тур {n}",
    "round.nOf": "Тур {n} из {total}",
    "round.final": "Финал",
    "round.playing": "идёт: {n} из {total} столов сыграно",
    "round.over": "сыгран",
    "table.n": "Стол {n}",
    "table.play": "играть",
    "table.watch": "смотреть",
    "table.view": "посмотреть",
    "table.playing": "играют",
    "table.outFirst": "вышел {n}-м",
    "chip.durak": "дурак",
    "chip.draw": "ничья",
    "chip.forfeit": "не вернулся",
    "chip.through": "дальше",
    "chip.out": "выбыл",
    "chip.winner": "победитель",
    "chip.points": "+{n}",
    "bye": "Свободен от игры",
    "bye.through": "проходит дальше",
    "bye.point": "+1 очко",
    "tp.entrantsTitle": "Участники",
    "tp.noEntrants": "Пока никто не записался.",
    "tp.noRounds": "Туры появятся после начала.",
    "tp.live": "обновляется сам",
    "tp.polling": "нет живой связи — обновляем каждые несколько секунд",
    "tp.winner": "Победитель: {name}",
    "tp.winners": "Победители: {name}",
    "tp.cancelled": "Турнир отменён, все монеты вернулись.",
    "tp.you": "вы",
    "tp.find": "Найти игрока",
    "tp.found": "Столов с «{q}»: {n}",
    "notice.ready": "Ваш стол готов — тур {round} турнира «{name}»",
    "notice.readyShort": "Ваш стол готов",
    "notice.go": "К столу",
    "notice.close": "Закрыть",
    "notice.going": "Переходим к столу…",
    "tt.tournament": "Турнир «{name}»",
    "tt.round": "Тур {n}",
    "tt.final": "Финал",
    "tt.back": "К турниру",
    "tt.clock": "На ход осталось {s} с",
    "status.out.tour": "Вы вышли из игры. Досмотрите партию или вернитесь к турниру.",
  },
  en: {
    "nav.game": "To the game",
    "nav.all": "All tournaments",
    "tour.title": "Tournaments",
    "tour.pageTitle": "Tournaments — Durak Online",
    "tour.wallet": "Wallet",
    "tour.balance": "Coins:",
    "tour.welcome": "Get 1000 welcome coins",
    "tour.loading": "Loading…",
    "tour.list.title": "Tournaments: running and open for entry",
    "tour.list.name": "Tournament",
    "tour.list.format": "Format",
    "tour.list.status": "Status",
    "tour.list.entrants": "Entrants",
    "tour.list.fee": "Entry fee",
    "tour.list.starts": "Starts",
    "tour.list.empty": "No tournaments yet — create the first one.",
    "tour.list.byOrganiser": "organiser",
    "tour.games.title": "Tables: take a free seat or watch",
    "tour.games.free": "free",
    "tour.games.sit": "sit down ({n} free)",
    "tour.games.watch": "watch",
    "tour.games.none": "Nobody is playing right now.",
    "tour.leaders.title": "Ratings (Elo, games between people)",
    "tour.leaders.none": "Play a person to get a rating.",
    "tour.leaders.row": "{name} — {rating} ({games})",
    "games.one": "{n} game", "games.few": "{n} games", "games.many": "{n} games",
    "tstatus.registration": "open for entry",
    "tstatus.running": "running",
    "tstatus.finished": "finished",
    "tstatus.cancelled": "cancelled",
    "format.elimination": "Elimination",
    "format.swiss": "Swiss",
    "format.round_robin": "Round robin",
    "variant.podkidnoy": "Podkidnoy (throw-in)",
    "variant.perevodnoy": "Perevodnoy (transfer)",
    "deck.24": "24 cards (nine up)",
    "deck.36": "36 cards (six up)",
    "deck.52": "52 cards (two up)",
    "leaves.durak": "The durak",
    "leaves.half": "The worse half",
    "form.title": "New tournament",
    "form.name": "Name",
    "form.nameDefault": "Evening cup",
    "form.format": "Format",
    "form.players": "Players per table",
    "form.deck": "Deck",
    "form.variant": "Variant",
    "form.entry_fee": "Entry fee, coins",
    "form.rake_percent": "House rake, %",
    "form.added_prize": "Added prize, coins",
    "form.guarantee": "Guaranteed pool, coins",
    "form.payouts": "Prizes by place, %",
    "form.payouts.help": "E.g. 50,30,20; empty: automatic, by the number of entrants",
    "form.min_entrants": "Minimum entrants",
    "form.max_entrants": "Maximum entrants",
    "form.starts_at": "Starts at",
    "form.starts_at.help": "Empty: the organiser starts it (or it starts when full)",
    "form.rounds": "Rounds",
    "form.timer": "Seconds per move",
    "form.timer.help": "Empty: the platform's default clock",
    "form.spectator_delay": "Spectator delay, moves",
    "form.leaves": "Who leaves each table",
    "form.money": "Pool",
    "form.table": "Table",
    "form.schedule": "Entrants and time",
    "form.submit": "Create the tournament",
    "form.creating": "Creating…",
    "form.fix": "Please correct the marked field.",
    "err.insufficient_funds": "Not enough coins: this needs {needed}, your wallet holds {balance}.",
    "err.tournament_full": "All places are taken.",
    "err.already_entered": "You are already entered.",
    "err.registration_closed": "Registration is closed.",
    "err.too_few_entrants": "Too few entrants: at least {needed} are needed, {entered} entered.",
    "err.not_organiser": "Only the tournament's organiser may do that.",
    "err.not_entered": "You are not entered in this tournament.",
    "err.not_running": "The tournament is not running.",
    "err.tournament_over": "The tournament is over.",
    "err.not_staff": "Only staff may do that.",
    "tp.organiser": "Organiser: {name}",
    "tp.entrants": "Entrants: {n} of {max}",
    "tp.startsAt": "Starts: {time}",
    "tp.startsByOrganiser": "The organiser starts it (or it starts by itself when full)",
    "tp.startedAt": "Started: {time}",
    "tp.finishedAt": "Finished: {time}",
    "tp.table": "{variant}, {deck}, {players} per table, {timer} s per move",
    "tp.leaves.durak": "the durak leaves each table",
    "tp.leaves.half": "the worse half of each table leaves",
    "tp.roundsTotal": "rounds: {n}",
    "tp.join": "Enter",
    "tp.joinFee": "Enter for {fee} coins",
    "tp.withdraw": "Withdraw (fee back)",
    "tp.start": "Start the tournament",
    "tp.cancel": "Cancel the tournament",
    "tp.cancelSure": "Really cancel? Press again",
    "tp.advance": "Next round",
    "tp.advanceWait": "The round is still in play: {n} of {total} tables done.",
    "tp.entered": "You are entered.",
    "tp.yourTable": "Your table: {link}",
    "tp.pool": "Prize pool",
    "pool.entry_fees": "Entry fees ({n} × {fee})",
    "pool.rake": "House rake ({p}%)",
    "pool.added_prize": "Added by the organiser",
    "pool.overlay": "Overlay to the {g} guarantee",
    "pool.total": "Total pool",
    "tp.payouts": "Prizes by place",
    "payouts.auto": "from the table for {n} entrants",
    "payouts.given": "as the organiser set them",
    "payouts.place": "Place {n}",
    "payouts.row": "{p}% — {coins} coins",
    "payouts.won": "{name}",
    "tp.standings": "Standings",
    "st.place": "Place",
    "st.player": "Player",
    "st.points": "Points",
    "st.buchholz": "Buchholz",
    "st.prize": "Prize",
    "st.status": "Status",
    "st.note": "Points: at a table of k the p-th out scores k − p, the durak 0. Buchholz: the sum of every opponent's points.",
    "st.noteElim": "Higher: who lasted longer; within a round, who outlasted more players at their table.",
    "entrant.registered": "entered",
    "entrant.playing": "playing",
    "entrant.eliminated": "out",
    "entrant.finished": "finished",
    "tp.rounds": "Rounds",
    "round.n": "Round {n}",
    "round.nOf": "Round {n} of {total}",
    "round.final": "Final",
    "round.playing": "in play: {n} of {total} tables done",
    "round.over": "played",
    "table.n": "Table {n}",
    "table.play": "play",
    "table.watch": "watch",
    "table.view": "view",
    "table.playing": "playing",
    "table.outFirst": "out {n}",
    "chip.durak": "durak",
    "chip.draw": "draw",
    "chip.forfeit": "forfeited",
    "chip.through": "through",
    "chip.out": "out",
    "chip.winner": "winner",
    "chip.points": "+{n}",
    "bye": "Bye",
    "bye.through": "goes through",
    "bye.point": "+1 point",
    "tp.entrantsTitle": "Entrants",
    "tp.noEntrants": "Nobody has entered yet.",
    "tp.noRounds": "The rounds appear once it starts.",
    "tp.live": "live",
    "tp.polling": "no live connection: refreshing every few seconds",
    "tp.winner": "Winner: {name}",
    "tp.winners": "Winners: {name}",
    "tp.cancelled": "The tournament was cancelled; every coin went back.",
    "tp.you": "you",
    "tp.find": "Find a player",
    "tp.found": "Tables with «{q}»: {n}",
    "notice.ready": "Your table is ready — round {round} of «{name}»",
    "notice.readyShort": "Your table is ready",
    "notice.go": "Go to the table",
    "notice.close": "Close",
    "notice.going": "Taking you to the table…",
    "tt.tournament": "Tournament «{name}»",
    "tt.round": "Round {n}",
    "tt.final": "Final",
    "tt.back": "To the tournament",
    "tt.clock": "{s} s left to move",
    "status.out.tour": "You are out. Watch the game finish or go back to the tournament.",
  },
};
/* A page's own table, {ru: {...}, en: {...}}, joins the one lookup. */
export function registerStrings(table) {
  for (const lang of Object.keys(table)) STRINGS[lang] = Object.assign(STRINGS[lang] || {}, table[lang]);
}

registerStrings(TOURNAMENTS);
registerStrings(WATCH);
registerStrings(ERRORS);
registerStrings(ACCOUNT);
registerStrings(PROFILE);

/* `key` in `lang` (Russian when English has no wording of it), with {name} filled in. */
export function translate(lang, key, params) {
  const table = STRINGS[lang] || STRINGS.ru;
  let s = table[key];
  if (s === undefined) s = STRINGS.ru[key];
  if (s === undefined) s = key;
  if (params) s = s.replace(/\{(\w+)\}/g, (m, k) => (params[k] === undefined ? m : params[k]));
  return s;
}

/* "1 партия", "3 партии", "5 партий": `key`.one / .few / .many in Russian; .one or .many in English. */
export function plural(lang, n, key) {
  if (lang === "ru") {
    const d = n % 10, h = n % 100;
    const form = d === 1 && h !== 11 ? "one" : d >= 2 && d <= 4 && (h < 12 || h > 14) ? "few" : "many";
    return translate(lang, key + "." + form, { n });
  }
  return translate(lang, key + (n === 1 ? ".one" : ".many"), { n });
}

/* Whether `key` has a wording (in Russian, the language every key has). */
export const hasKey = (key) => STRINGS.ru[key] !== undefined;

/* ---------- the person's language: one choice for every page ---------- */

export const LANGS = ["ru", "en"];
const normal = (l) => (l === "en" ? "en" : "ru");
// The cookie first: the admin's switch sets it too, so the one choice holds everywhere.
function cookieLang() {
  if (typeof document === "undefined") return null;
  const m = /(?:^|;\s*)django_language=(\w+)/.exec(document.cookie);
  return m ? m[1] : null;
}
export const storedLang = () => normal(cookieLang() || load("lang", "ru"));

let lang = storedLang();
const listeners = [];

export const currentLang = () => lang;
export const t = (key, params) => translate(lang, key, params);
export const count = (n, key) => plural(lang, n, key);

// Django's LocaleMiddleware reads this cookie: the admin and server pages follow the switch.
function tellServer(l) {
  if (typeof document === "undefined") return;
  document.cookie = "django_language=" + l + "; path=/; max-age=31536000; SameSite=Lax";
}

/* The switch: remembered, told to the server, and every listener redraws. Returns it. */
export function chooseLang(next) {
  lang = normal(next);
  save("lang", lang);
  tellServer(lang);
  for (const fn of listeners) fn(lang);
  return lang;
}

/* Run `fn(lang)` after every switch (a page's redraw, the table notice, ...). */
export function onLangChange(fn) {
  listeners.push(fn);
}

/* The page's fixed texts: [data-i18n] elements, aria labels, titles, placeholders,
 * [data-lang] blocks, the document's title and language, and the switch's state. */
export function applyStatic(titleKey, titleParams) {
  if (typeof document === "undefined") return;
  document.documentElement.lang = lang;
  if (titleKey) document.title = t(titleKey, titleParams);
  document.querySelectorAll("[data-i18n]").forEach((el) => { el.textContent = t(el.dataset.i18n); });
  document.querySelectorAll("[data-i18n-aria]").forEach((el) => { el.setAttribute("aria-label", t(el.dataset.i18nAria)); });
  document.querySelectorAll("[data-i18n-title]").forEach((el) => {
    el.title = t(el.dataset.i18nTitle);
    el.setAttribute("aria-label", t(el.dataset.i18nTitle));
  });
  document.querySelectorAll("[data-i18n-placeholder]").forEach((el) => { el.setAttribute("placeholder", t(el.dataset.i18nPlaceholder)); });
  document.querySelectorAll("[data-lang]").forEach((el) => { el.hidden = el.dataset.lang !== lang; });
  document.querySelectorAll(".lang-switch button").forEach((b) => b.setAttribute("aria-pressed", String(b.dataset.setLang === lang)));
}

/* The header's РУ / EN buttons: the choice is made (and remembered), then `redraw` runs. */
export function bindLangSwitch(redraw) {
  if (typeof document === "undefined") return;
  document.querySelectorAll(".lang-switch button").forEach((b) => b.addEventListener("click", () => {
    chooseLang(b.dataset.setLang);
    if (redraw) redraw();
  }));
}

/* ---------- what the server said, in the person's language ---------- */

/* A refusal (api.js's ApiError, or anything thrown) in words: "err.<code>" with the
 * error's extra fields filled in, else a generic sentence. The server's own message is
 * English: an English page may quote it, a Russian page never does. */
export function errorText(error) {
  if (error && error.network) return t("err.network");
  const info = (error && error.data && error.data.error) || {};
  const code = (error && error.code) || info.code;
  if (code && hasKey("err." + code)) return t("err." + code, info);
  const message = error && error.message;
  if (lang === "en" && message) return t("err.generic", { message });
  return t("err.failed");
}

/* A seat as an API listing gives it ({name, kind, ai}): a computer by its level in this
 * language («Компьютер (новичок)»), never the server's own name for it; a person by name. */
export function seatLabel(seat) {
  if (seat && seat.kind === "ai") return t("cpu") + (seat.ai ? " (" + t("level." + seat.ai).toLowerCase() + ")" : "");
  return personName((seat && seat.name) || "");
}

/* A person's name as this page's language says it: a guest is «Гость 1d54» on the server
 * (no registered name may start so), "Guest 1d54" on an English page. `tr`: a page's own
 * lookup, for the pure renderers that get one. */
export function personName(name, tr = t) {
  const guest = /^Гость\s+([0-9a-f]{4})$/.exec(name || "");
  return guest ? tr("acct.guest") + " " + guest[1] : name || "";
}

/* ---------- dates and numbers as the language writes them ---------- */

const LOCALES = { ru: "ru-RU", en: "en-GB" };
export const locale = () => LOCALES[lang];

/* A time: «1 дек., 18:00» / "1 Dec, 18:00"; the text itself when it is not a date. */
export function timeText(iso) {
  if (!iso) return "";
  const d = new Date(iso);
  if (isNaN(d)) return String(iso);
  return d.toLocaleString(locale(), { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" });
}

/* A date alone: «1 декабря 2026 г.» / "1 December 2026". */
export function dateText(iso) {
  if (!iso) return "";
  const d = new Date(iso);
  if (isNaN(d)) return String(iso);
  return d.toLocaleDateString(locale(), { day: "numeric", month: "long", year: "numeric" });
}

/* A whole number with the language's grouping: «12 500» / "12,500". */
export function numberText(n) {
  if (typeof n !== "number" || !isFinite(n)) return String(n);
  return n.toLocaleString(locale());
}
