export { BarragePage } from './components/barrage-page';
export type { BarrageVideoDetail, BarrageVideoQuery } from './components/barrage-player';
export {
  BARRAGE_PAGE_SIZE,
  formatPosition,
  parseBarrageFilters,
  toBarrageQuery,
  type BarrageFilters,
  type BarrageQuery,
} from './logic';
