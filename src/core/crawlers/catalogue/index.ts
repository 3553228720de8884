// The catalogue of AI agents (agents.json) and the operators' published address lists (ranges/).

export {
  AGENT_ROLES,
  agentByName,
  agentCatalogue,
  matchableAgents,
  rangeListNames,
  type AgentCatalogue,
  type AgentRole,
  type CatalogueAgent,
} from './catalogue';
export {
  loadRangeLists,
  parseRangeList,
  rangesFolderOf,
  shippedRangeList,
  writeRangeList,
  type RangeList,
  type RangeLists,
} from './range-lists';
