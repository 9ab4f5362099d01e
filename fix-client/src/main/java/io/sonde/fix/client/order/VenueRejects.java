package io.sonde.fix.client.order;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * What the venue said when it refused something: each distinct reject text (58) and RefTagID (371), by kind, with
 * how often it came. A venue that rejects every order because the profile lacks a field says which one here, so
 * the user can fix the profile. A repeated text is counted without allocating; only a new one is kept, up to
 * {@link #MAX_DISTINCT}, after which further new texts are counted together.
 */
public final class VenueRejects
{
    public static final int MAX_DISTINCT = 32;
    public static final String ORDER_REJECTED = "orderRejected";
    public static final String CANCEL_REJECTED = "cancelRejected";
    public static final String SESSION_REJECT = "sessionReject";
    public static final String BUSINESS_REJECT = "businessReject";
    /** No RefTagID (371) was given. */
    public static final int NO_TAG = 0;

    /**
     * One distinct reject.
     *
     * @param kind     orderRejected, cancelRejected, sessionReject or businessReject.
     * @param text     the venue's Text (58), empty when it gave none.
     * @param refTagId the RefTagID (371) of a session Reject, or {@link #NO_TAG}.
     * @param count    how often it came.
     */
    public record Entry(String kind, String text, int refTagId, long count)
    {
    }

    private final String[] kinds = new String[MAX_DISTINCT];
    private final char[][] texts = new char[MAX_DISTINCT][];
    private final int[] refTagIds = new int[MAX_DISTINCT];
    private final long[] counts = new long[MAX_DISTINCT];
    private int size;
    private long others;

    /**
     * @param kind     {@link #ORDER_REJECTED}, {@link #CANCEL_REJECTED}, {@link #SESSION_REJECT} or
     *                 {@link #BUSINESS_REJECT} (compared by identity).
     * @param text     the Text (58) chars, or null when the venue gave none.
     * @param refTagId the RefTagID, or {@link #NO_TAG}.
     */
    void record(final String kind, final char[] text, final int textLength, final int refTagId)
    {
        final int length = text == null ? 0 : textLength;
        for (int i = 0; i < size; i++)
        {
            if (kinds[i] == kind && refTagIds[i] == refTagId && texts[i].length == length &&
                Arrays.equals(texts[i], 0, length, text == null ? texts[i] : text, 0, length))
            {
                counts[i]++;
                return;
            }
        }
        if (size == MAX_DISTINCT)
        {
            others++;
            return;
        }
        kinds[size] = kind;
        texts[size] = length == 0 ? new char[0] : Arrays.copyOf(text, length);
        refTagIds[size] = refTagId;
        counts[size] = 1;
        size++;
    }

    /**
     * @return every distinct reject, in the order first seen.
     */
    public List<Entry> entries()
    {
        final List<Entry> entries = new ArrayList<>();
        for (int i = 0; i < size; i++)
        {
            entries.add(new Entry(kinds[i], new String(texts[i]), refTagIds[i], counts[i]));
        }
        return entries;
    }

    /**
     * @return rejects whose text came after {@link #MAX_DISTINCT} others were kept.
     */
    public long others()
    {
        return others;
    }
}
