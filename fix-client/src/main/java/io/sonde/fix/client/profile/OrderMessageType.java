package io.sonde.fix.client.profile;

import java.util.Locale;

/**
 * The order messages a profile can add fields to, by the names a profile uses for them.
 */
public enum OrderMessageType
{
    NEW_ORDER_SINGLE("NewOrderSingle", "D"),
    ORDER_CANCEL_REQUEST("OrderCancelRequest", "F"),
    ORDER_CANCEL_REPLACE_REQUEST("OrderCancelReplaceRequest", "G");

    private final String fixName;
    private final String msgType;

    OrderMessageType(final String fixName, final String msgType)
    {
        this.fixName = fixName;
        this.msgType = msgType;
    }

    public String fixName()
    {
        return fixName;
    }

    /**
     * @return the type named {@code name} (its FIX name or MsgType, case-insensitive), or null.
     */
    static OrderMessageType byName(final String name)
    {
        for (final OrderMessageType type : values())
        {
            if (type.fixName.toLowerCase(Locale.ROOT).equals(name.toLowerCase(Locale.ROOT)) ||
                type.msgType.equals(name))
            {
                return type;
            }
        }
        return null;
    }
}
