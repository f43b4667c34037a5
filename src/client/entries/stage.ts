// Not a page entry: the configurator stage's swipe and arrow keys, loaded by CarStage once the page has hydrated
// (src/ui/configurator/parts/CarStage.tsx).
export { attachStageGestures } from '../../ui/configurator/parts/stage-gestures'
