package io.sonde.fix.client.order;

import io.sonde.fix.codecs.MsgType;

/**
 * Compares a decoded MsgType (RefMsgType in a reject, say) with the dictionary's, without allocating.
 */
public final class MsgTypes
{
    private MsgTypes()
    {
    }

    /**
     * @return whether the first {@code length} characters of {@code msgType} are exactly {@code type}.
     */
    public static boolean is(final char[] msgType, final int length, final MsgType type)
    {
        final String expected = type.representation();
        if (length != expected.length())
        {
            return false;
        }
        for (int i = 0; i < length; i++)
        {
            if (msgType[i] != expected.charAt(i))
            {
                return false;
            }
        }
        return true;
    }
}
