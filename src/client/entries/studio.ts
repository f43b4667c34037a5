// Not a page entry: what the configurator studio needs only once it is running, loaded after hydration by address
// (src/ui/entry-import.ts): the stage's swipe and arrow keys (CarStage.tsx) and the finance panel's requester of
// figures (useFinanceQuote.ts) and its keeping of an offer (FinancePanel.tsx).
export { attachStageGestures } from '../../ui/configurator/parts/stage-gestures'
export { financeQuoteRequester, keepOffer } from '../../ui/finance/quote-requester'
