// AI crawlers read from the site's own server and CDN logs, locally: the catalogue of agents
// and their operators' address lists, the DuckDB import, the verification, the numbers read back.

export * from './catalogue';
export * from './verify';
export * from './import';
export * from './report';
