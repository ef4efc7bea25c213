export { InfluenceIndexView } from './components/influence-index-view';
export { RANK_PAGE_SIZE, RankBoardView } from './components/rank-board-view';
export { BOARD_PATHS, boardOfPath } from './logic';
