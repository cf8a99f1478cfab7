/** What other contexts may use of safety; everything else in libs/safety is its own (.dependency-cruiser.cjs). */
export * from './block.repository.js';
export * from './events/user-blocked.event.js';
export * from './events/user-unblocked.event.js';
export * from './queries/list-blocks/list-blocks.query.js';
export * from './report.repository.js';
export * from './reported-messages.port.js';
export { ResolveReportCommand } from './commands/resolve-report/resolve-report.command.js';
export { ListReportsQuery } from './queries/list-reports/list-reports.query.js';
