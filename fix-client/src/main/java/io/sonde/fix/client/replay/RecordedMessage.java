package io.sonde.fix.client.replay;

/**
 * One order, cancel or replace as recorded; a cancel or replace may leave out what its order said.
 *
 * @param line        the log line it was read from.
 * @param timeNanos   when it was logged (or sent, by its SendingTime), in UTC nanoseconds.
 * @param stage       {@code ClOrdIdCodec}'s stage: new (D), replace (G) or cancel (F).
 * @param quantity    whole units, or {@link #NO_VALUE} when a cancel or replace left it out.
 * @param priceCents  hundredths, or {@link #NO_VALUE} when a cancel or replace left it out.
 */
record RecordedMessage(
    int line,
    long timeNanos,
    byte stage,
    String sender,
    String clOrdId,
    String origClOrdId,
    String symbol,
    char side,
    long quantity,
    long priceCents,
    boolean ioc)
{
    static final long NO_VALUE = -1;

    /**
     * @return this cancel or replace, with what it left out taken from the message it refers to.
     */
    RecordedMessage inheriting(final RecordedMessage original)
    {
        return new RecordedMessage(line, timeNanos, stage, sender, clOrdId, origClOrdId,
            symbol == null ? original.symbol : symbol,
            side == 0 ? original.side : side,
            quantity == NO_VALUE ? original.quantity : quantity,
            priceCents == NO_VALUE ? original.priceCents : priceCents,
            ioc);
    }
}
