// Where the official clients send their requests: Google's own hosts unless told otherwise (the
// tests point them at a stand-in of the APIs on 127.0.0.1).

export interface GoogleEndpoints {
  /** GA4 Data API over its REST transport: host, port and protocol. */
  ga4?: { host: string; port: number; protocol: 'http' | 'https' };
  /** Search Console API root, e.g. http://127.0.0.1:PORT/ */
  gscRootUrl?: string;
}
