// What changed: the findings engine over the history's roll-ups, for the
// app (findings.list), `parallax changes` and the MCP server's what_changed tool.
export {
  createFindingsService,
  type FindingsDeps,
  type FindingsQueryInput,
  type FindingsService,
} from './service';
export { commerceSums, factsSums } from './reads';
