// A cache of values by a sequence of keys (strings, objects, anything a Map compares), walked
// one key at a time: finding a value builds no compound key (no string to allocate and hash).

/** One node: the value stored at the keys that lead here, and the nodes one key further. */
export class TrieNode<T> {
  value: T | undefined;
  /**
   * The first key further and its node, held inline: most nodes have only one (a brand's name
   * after its label), and a Map for each would be most of the trie's memory.
   */
  private firstKey: unknown;
  private first: TrieNode<T> | undefined;
  /** The other keys further, once there are several. */
  private others: Map<unknown, TrieNode<T>> | undefined;

  /** The node one key further (made on the way when missing). Keys are never NaN. */
  to(key: unknown): TrieNode<T> {
    if (this.first === undefined) {
      this.firstKey = key;
      this.first = new TrieNode();
      return this.first;
    }
    if (this.firstKey === key) return this.first;
    this.others ??= new Map();
    let node = this.others.get(key);
    if (!node) {
      node = new TrieNode();
      this.others.set(key, node);
    }
    return node;
  }
}
