import { createSocket, type Socket } from 'node:dgram';
import { once } from 'node:events';

// A DNS server on 127.0.0.1 for tests: answers PTR and A queries from tables, NXDOMAIN for
// anything else, over UDP, in the wire format of RFC 1035 (one question per query, as
// node:dns sends them). Enough for the reverse-DNS check's two steps; nothing more.

export interface DnsStandIn {
  /** `127.0.0.1:port`, for Resolver.setServers. */
  server: string;
  /** The names asked, in order (`PTR 1.1.70.52.in-addr.arpa`, `A host`). */
  asked: string[];
  close(): Promise<void>;
}

const TYPES: Record<number, string> = { 1: 'A', 12: 'PTR' };

function readName(msg: Buffer, at: number): { name: string; end: number } {
  const labels: string[] = [];
  let i = at;
  while ((msg[i] as number) > 0) {
    const len = msg[i] as number;
    labels.push(msg.subarray(i + 1, i + 1 + len).toString('ascii'));
    i += len + 1;
  }
  return { name: labels.join('.'), end: i + 1 };
}

const encodeName = (name: string): Buffer =>
  Buffer.concat([
    ...name.split('.').map((l) => Buffer.concat([Buffer.from([l.length]), Buffer.from(l, 'ascii')])),
    Buffer.from([0]),
  ]);

function answer(type: number, value: string): Buffer {
  const rdata = type === 1 ? Buffer.from(value.split('.').map(Number)) : encodeName(value);
  const head = Buffer.alloc(12);
  head.writeUInt16BE(0xc00c, 0); // the question's name
  head.writeUInt16BE(type, 2);
  head.writeUInt16BE(1, 4); // IN
  head.writeUInt32BE(60, 6);
  head.writeUInt16BE(rdata.length, 10);
  return Buffer.concat([head, rdata]);
}

function reply(query: Buffer, records: Record<string, string[]>, asked: string[]): Buffer {
  const { name, end } = readName(query, 12);
  const type = query.readUInt16BE(end);
  const key = `${TYPES[type] ?? type} ${name.toLowerCase()}`;
  asked.push(key);
  const values = records[key] ?? [];
  const header = Buffer.alloc(12);
  header.writeUInt16BE(query.readUInt16BE(0), 0);
  header.writeUInt16BE(values.length > 0 ? 0x8180 : 0x8183, 2);
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(values.length, 6);
  return Buffer.concat([header, query.subarray(12, end + 4), ...values.map((v) => answer(type, v))]);
}

/** `records`: `PTR 1.1.70.52.in-addr.arpa` → names, `A host` → addresses. */
export async function startDnsStandIn(records: Record<string, string[]>): Promise<DnsStandIn> {
  const socket: Socket = createSocket('udp4');
  const asked: string[] = [];
  socket.on('message', (msg, from) => socket.send(reply(msg, records, asked), from.port, from.address));
  socket.bind(0, '127.0.0.1');
  await once(socket, 'listening');
  return {
    server: `127.0.0.1:${socket.address().port}`,
    asked,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
