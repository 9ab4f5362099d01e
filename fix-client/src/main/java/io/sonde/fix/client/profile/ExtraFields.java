package io.sonde.fix.client.profile;

import uk.co.real_logic.artio.util.MutableAsciiBuffer;

import java.util.List;

/**
 * The fields a venue profile adds to one message type, compiled: each a {@code tag=} prefix encoded once and a
 * source of values, and repeating groups as their count followed by their entries in order. Written straight
 * into the message being encoded, after the fields Sonde sets itself; nothing is allocated per message.
 */
public final class ExtraFields
{
    private static final ExtraFields NONE = new ExtraFields(new Entry[0]);

    /**
     * One field, or one repeating group.
     */
    interface Entry
    {
        int write(MutableAsciiBuffer buffer, int offset, int sessionIndex);
    }

    private final Entry[] entries;

    ExtraFields(final Entry[] entries)
    {
        this.entries = entries;
    }

    ExtraFields(final List<Entry> entries)
    {
        this(entries.toArray(new Entry[0]));
    }

    public static ExtraFields none()
    {
        return NONE;
    }

    public boolean isEmpty()
    {
        return entries.length == 0;
    }

    /**
     * Write every field for the next message on session {@code sessionIndex}, each ending with SOH.
     *
     * @return the number of bytes written.
     */
    public int write(final MutableAsciiBuffer buffer, final int offset, final int sessionIndex)
    {
        int position = offset;
        for (final Entry entry : entries)
        {
            position += entry.write(buffer, position, sessionIndex);
        }
        return position - offset;
    }

    /**
     * {@code tag=value<SOH>}.
     */
    static final class Field implements Entry
    {
        private final byte[] tagPrefix;
        private final FieldValues values;

        Field(final int tag, final FieldValues values)
        {
            this.tagPrefix = PreparedValues.ascii(tag + "=");
            this.values = values;
        }

        public int write(final MutableAsciiBuffer buffer, final int offset, final int sessionIndex)
        {
            buffer.putBytes(offset, tagPrefix);
            int position = offset + tagPrefix.length;
            position += values.write(buffer, position, sessionIndex);
            buffer.putSeparator(position);
            return position + 1 - offset;
        }
    }

    /**
     * A repeating group: its NumInGroup field with the number of entries, then each entry's fields in order.
     */
    static final class Group implements Entry
    {
        private final Field count;
        private final ExtraFields[] groupEntries;

        Group(final int countTag, final List<ExtraFields> groupEntries)
        {
            this.count = new Field(countTag, new PreparedValues.Constant(Integer.toString(groupEntries.size())));
            this.groupEntries = groupEntries.toArray(new ExtraFields[0]);
        }

        public int write(final MutableAsciiBuffer buffer, final int offset, final int sessionIndex)
        {
            int position = offset + count.write(buffer, offset, sessionIndex);
            for (final ExtraFields entry : groupEntries)
            {
                position += entry.write(buffer, position, sessionIndex);
            }
            return position - offset;
        }
    }
}
