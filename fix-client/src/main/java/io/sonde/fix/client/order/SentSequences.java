package io.sonde.fix.client.order;

/**
 * Which order slot each recent message went out for, by session and MsgSeqNum: a session-level Reject names
 * only the RefSeqNum of what it refuses. A fixed ring per session, so nothing is allocated; an entry is
 * overwritten after 16,384 more messages on its session, far longer than any reject takes.
 */
final class SentSequences
{
    private static final int SIZE = 1 << 14;
    private static final int MASK = SIZE - 1;

    private final int[][] slotBySequence;
    private final int[][] sequenceAtIndex;

    SentSequences(final int sessions)
    {
        slotBySequence = new int[sessions][SIZE];
        sequenceAtIndex = new int[sessions][SIZE];
    }

    void remember(final int sessionIndex, final int sequence, final int slot)
    {
        final int index = sequence & MASK;
        sequenceAtIndex[sessionIndex][index] = sequence;
        slotBySequence[sessionIndex][index] = slot;
    }

    /**
     * @return the slot message {@code sequence} was sent for on that session, or -1 when it is not remembered.
     */
    int slotOf(final int sessionIndex, final int sequence)
    {
        final int index = sequence & MASK;
        return sequenceAtIndex[sessionIndex][index] == sequence ? slotBySequence[sessionIndex][index] : -1;
    }
}
