package io.sonde.fix.client.session;

/**
 * SenderSubID (50) and TargetSubID (57), which some venues require on every message (a desk, a trader, a
 * gateway partition).
 *
 * @param sender SenderSubID, or null for none.
 * @param target TargetSubID, or null for none.
 */
public record SubIds(String sender, String target)
{
    public static final SubIds NONE = new SubIds(null, null);

    public boolean isEmpty()
    {
        return sender == null && target == null;
    }
}
