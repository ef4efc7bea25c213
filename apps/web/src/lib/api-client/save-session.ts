/** The parameter of one send: the caller's fields plus either the item's id or the create's idempotency key. */
export type SaveSessionParam<P> = P & ({ id: number } | { requestId: string });

/**
 * The saves of one item that its first save creates — an article (`article/publish`), a design
 * (`design/save`) — made idempotent (issue #8 item 10). Until a create has answered, every attempt carries
 * the same idempotency key `requestId` (a fresh `crypto.randomUUID()` per item), so a create that reached
 * the server but whose answer was lost is not made twice when it is retried (the user saves again, the
 * autosave ticks); once an id exists, every save carries the id instead.
 *
 * A retried create may be answered with the item an earlier attempt made, holding that attempt's fields
 * (an older text, a draft where this attempt publishes): so the fields of a retry are sent once more as an
 * update of the answered id, and that update's answer is returned.
 */
export class SaveSession {
  /** the item's id once a create has answered (or the id it was opened with) */
  id: number | undefined;
  private key: string | undefined;
  private keySent = false;
  private readonly newKey: () => string;

  /**
   * @param id the id of an existing item; undefined for a new one
   * @param newKey makes the idempotency key (8–64 of `[A-Za-z0-9_-]`); `crypto.randomUUID()` by default
   */
  constructor(id?: number, newKey: () => string = () => crypto.randomUUID()) {
    this.id = id;
    this.newKey = newKey;
  }

  /**
   * Sends one save through `send`: with `id` when the item exists, else with the session's key.
   * @returns the answer of the (last) call; `id` is then set
   * @throws whatever `send` throws (the key is kept for the retry)
   */
  async save<P extends object, R extends { id: number }>(
    fields: P,
    send: (param: SaveSessionParam<P>) => Promise<R>,
  ): Promise<R> {
    if (this.id !== undefined) return send({ ...fields, id: this.id });
    this.key ??= this.newKey();
    const retried = this.keySent;
    this.keySent = true;
    const first = await send({ ...fields, requestId: this.key });
    this.id = first.id;
    return retried ? send({ ...fields, id: first.id }) : first;
  }
}
