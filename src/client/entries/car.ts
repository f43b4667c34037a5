// Not a page entry: the car's drawing code, loaded by CarPicture (src/ui/car/index.tsx) when needed.
export { drawCar } from '../../ui/car/draw'
