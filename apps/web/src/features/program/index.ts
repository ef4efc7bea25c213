export { ProgramList, PROGRAM_LIST_PAGE_SIZE, programPath } from './components/program-list';
export { ProgramEditor, ProgramEditPanel } from './components/program-editor';
