export { type DiffLine, lineDiff } from './diff.js';
export { type ReportInput, renderReportHtml } from './html.js';
export { escapeLatex, type LatexLeaderboardRow, leaderboardLatex, significanceLatex } from './latex.js';
export {
  type LeaderboardRow,
  leaderboardCsv,
  leaderboardMarkdown,
  leaderboardOrder,
  leaderboardRows,
  resultsSummary,
} from './leaderboard.js';
export { reportFiles } from './report-files.js';
export { type TwoStageRow, twoStageRows, twoStageSection } from './two-stage.js';
