/**
 * The live game's server messages in both languages (game-flow steps, the control lease, joining,
 * answering, fair play), added to i18n.ts's catalogue by registerMessages when loaded
 * (features/index.ts loads every feature's). The display pairing's are in displays/messages.ts.
 */
import { registerMessages, type Message, type MessagesOf } from '../../i18n.js';

export const liveMessages = registerMessages({
  'live.flow.shown': { 'zh-TW': '出題成功', en: 'The question is on screen' },
  'live.flow.answerPublished': { 'zh-TW': '公佈答案成功', en: 'The answer is published' },
  'live.flow.rankingPublished': { 'zh-TW': '公佈排名成功', en: 'The ranking is published' },
  'live.flow.gameEnded': { 'zh-TW': '遊戲結束成功', en: 'The game has ended' },
  'live.flow.alreadyShown': { 'zh-TW': '此題目已在顯示中', en: 'This question is already on screen' },
  'live.flow.alreadyPublished': { 'zh-TW': '此題答案已公佈', en: 'The answer to this question is already published' },
  'live.flow.rankingJustPublished': { 'zh-TW': '此題排名剛剛已公佈', en: 'This ranking was just published' },
  'live.flow.alreadyEnded': { 'zh-TW': '遊戲已經結束', en: 'The game has already ended' },
  'live.autopilot.off': { 'zh-TW': '這個遊戲沒有開啟自動導播', en: 'Autopilot is not on for this game' },
  'live.autopilot.paused': { 'zh-TW': '自動導播已暫停', en: 'Autopilot paused' },
  'live.autopilot.resumed': { 'zh-TW': '自動導播已繼續', en: 'Autopilot resumed' },
  'live.autopilot.alreadyPaused': { 'zh-TW': '自動導播已經是暫停狀態', en: 'Autopilot is already paused' },
  'live.autopilot.alreadyRunning': { 'zh-TW': '自動導播已經在執行中', en: 'Autopilot is already running' },
  'live.stageMessage.up': { 'zh-TW': '舞台訊息已顯示', en: 'The stage message is up' },
  'live.stageMessage.off': { 'zh-TW': '舞台訊息已移除', en: 'The stage message is off' },
  'live.stageMessage.gameEnded': { 'zh-TW': '遊戲已結束，無法顯示舞台訊息', en: 'The game has ended: no stage message can be shown' },
  'live.stageMessage.titleRequired': { 'zh-TW': '請輸入標題', en: 'Please enter a title' },
  'live.step.gameEnded': { 'zh-TW': '遊戲已結束，無法再進行此操作', en: 'The game has ended; this step is no longer possible' },
  'live.step.questionRequired': { 'zh-TW': '請指定要操作的題目', en: 'Please name the question for this step' },
  'live.step.anotherQuestionLive': {
    'zh-TW': '目前有其他題目正在進行中，請先公佈該題答案',
    en: 'Another question is on screen; publish its answer first',
  },
  'live.step.questionAlreadyPlayed': { 'zh-TW': '此題目已經出過題，無法再次出題', en: 'This question has already been played; it cannot be shown again' },
  'live.step.questionNotShown': { 'zh-TW': '此題目尚未出題', en: 'This question has not been shown yet' },
  'live.step.answerNotPublished': { 'zh-TW': '請先公佈答案，再公佈排名', en: 'Publish the answer before the ranking' },
  'live.control.notHolder': {
    'zh-TW': '此遊戲目前由 {name} 的控制畫面掌控，請先要求控制權',
    en: "{name}'s control screen holds control of this game; request control first",
  },
  'live.control.screenUnknown': {
    'zh-TW': '此控制畫面未連線到遊戲，請重新整理頁面',
    en: 'This control screen is not connected to the game; reload the page',
  },
  'live.control.notHolding': { 'zh-TW': '此控制畫面沒有控制權', en: 'This control screen does not hold control' },
  'live.control.noRequest': { 'zh-TW': '目前沒有人要求控制權', en: 'Nobody is asking for control' },
  'live.control.requestPending': {
    'zh-TW': '{name} 已在要求控制權，請稍後再試',
    en: '{name} is already asking for control; try again later',
  },
  'live.control.alreadyHolding': { 'zh-TW': '此控制畫面已取得控制權', en: 'This control screen already holds control' },
  'live.control.granted': { 'zh-TW': '已取得控制權', en: 'You hold control' },
  'live.control.requested': { 'zh-TW': '已送出控制權要求，等待對方回應', en: 'Control requested; waiting for an answer' },
  'live.control.accepted': { 'zh-TW': '已移交控制權', en: 'Control handed over' },
  'live.control.declined': { 'zh-TW': '已婉拒控制權要求', en: 'Control request declined' },
  'live.control.released': { 'zh-TW': '已釋出控制權', en: 'Control released' },
  'live.join.unknownPin': { 'zh-TW': '找不到這個遊戲，請確認 PIN 碼', en: 'No game has this PIN; please check it' },
  'live.join.gameEnded': { 'zh-TW': '本場遊戲已結束。', en: 'This game has ended.' },
  'live.join.notOpen': { 'zh-TW': '此遊戲尚未開放加入', en: 'This game is not open to players' },
  'live.join.full': { 'zh-TW': '此遊戲人數已滿（上限 {cap} 人）', en: 'This game is full ({cap, plural, one {# player} other {# players}})' },
  'live.join.nicknameTaken': { 'zh-TW': '此暱稱已有人使用，請換一個', en: 'This nickname is taken; please choose another one' },
  'live.player.unknownToken': { 'zh-TW': '請重新加入遊戲', en: 'Please join the game again' },
  'live.display.codeInvalid': {
    'zh-TW': '此連結已失效，請從控制畫面重新開啟',
    en: 'This link is no longer valid; open the display again from the control screen',
  },
  'live.answer.accepted': { 'zh-TW': '作答成功', en: 'Your answer is in' },
  'live.answer.unknownQuestion': { 'zh-TW': '此題目不在您的遊戲中', en: 'This question is not part of your game' },
  'live.answer.gameEnded': { 'zh-TW': '遊戲已結束，無法作答', en: 'The game has ended; answers are closed' },
  'live.answer.notShown': { 'zh-TW': '此題目尚未開放作答', en: 'This question is not open for answers yet' },
  'live.answer.closed': { 'zh-TW': '此題已公佈答案，無法再作答', en: 'The answer has been published; answering is closed' },
  'live.answer.late': { 'zh-TW': '已超過作答時間', en: 'Too late: the answering time is over' },
  'live.answer.answered': { 'zh-TW': '您已作答過此題', en: 'You have already answered this question' },
  'live.answer.outsideOpenTime': { 'zh-TW': '目前不在遊戲開放時間內', en: 'The game is not open for answers at this time' },
  'live.answer.levelNotReached': {
    'zh-TW': '您尚未晉級到此關卡，無法作答',
    en: 'You have not reached this level; you cannot answer its questions',
  },
  'live.answer.empty': { 'zh-TW': '請選擇答案', en: 'Please choose an answer' },
  'live.answer.unknownOption': { 'zh-TW': '所選的選項不存在', en: 'One of the chosen options does not exist' },
  'live.answer.repeated': { 'zh-TW': '同一個選項不可重複選擇', en: 'An option was chosen more than once' },
  'live.answer.singleChoice': { 'zh-TW': '單選題只能選擇一個答案', en: 'A single-choice question takes exactly one answer' },
  'live.answer.incompleteOrder': { 'zh-TW': '請將每個選項都排入順序', en: 'Please put every option in the order' },
  'live.answer.textLength': { 'zh-TW': '答案需為 1 到 60 個字', en: 'The answer has 1 to 60 characters' },
  'live.answer.outOfRange': { 'zh-TW': '數值超出滑桿的範圍', en: 'The value is outside the slider\'s range' },
  'live.answer.offStep': { 'zh-TW': '數值不在滑桿的刻度上', en: 'The value is not on one of the slider\'s steps' },
  'live.answer.wrongInput': { 'zh-TW': '此題目不接受這種答案', en: 'This question does not take this kind of answer' },
  'live.answer.notAnswerable': { 'zh-TW': '此頁面不需作答', en: 'This slide takes no answers' },
  'live.fairPlay.reasonEmpty': { 'zh-TW': '請填寫取消資格的原因', en: 'Please give the reason for the disqualification' },
  'live.fairPlay.alreadyDisqualified': { 'zh-TW': '此玩家已被取消資格', en: 'This player is already disqualified' },
  'live.fairPlay.notDisqualified': { 'zh-TW': '此玩家沒有被取消資格', en: 'This player is not disqualified' },
  'live.fairPlay.disqualified': { 'zh-TW': '已取消 {nickname} 的資格，排名已更新', en: '{nickname} is disqualified; the ranking is updated' },
  'live.fairPlay.requalified': { 'zh-TW': '已恢復 {nickname} 的資格，排名已更新', en: '{nickname} is ranked again; the ranking is updated' },
  'live.fairPlay.winnersShown': { 'zh-TW': '得獎者已顯示在大螢幕上', en: 'The winners are on the display' },
} satisfies Record<string, Message>);

declare module '../../i18n.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- adds this feature's keys to translate's
  interface MessageCatalog extends MessagesOf<typeof liveMessages> {}
}
