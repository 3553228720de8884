export { createParallaxMcpServer, type ParallaxMcpServer } from './server';
export { assistantCap, cappedSpec, createEstimateTokens, RUNS_DISABLED_MESSAGE } from './run-gate';
export type { McpDeps, McpOnline, ToolReply } from './types';
