package io.sonde.market;

/**
 * The order of the events between triggers: adds, cancels and trades in their shares, drawn as a smooth
 * weighted round robin (each kind's credit grows by its share every draw; the kind with the most credit is
 * drawn and pays the whole), so the mix holds over any short window and needs no random number.
 */
final class EventMix
{
    static final int ADD = 0;
    static final int CANCEL = 1;
    static final int TRADE = 2;

    private final double[] shares;
    private final double[] credit = new double[3];
    private final double total;

    EventMix(final double addShare, final double cancelShare, final double tradeShare)
    {
        shares = new double[]{ addShare, cancelShare, tradeShare };
        total = addShare + cancelShare + tradeShare;
        if (!(addShare > 0) || cancelShare < 0 || tradeShare < 0)
        {
            throw new IllegalArgumentException("event mix needs a positive share of adds and no negative share");
        }
    }

    static EventMix of(final MarketShape shape)
    {
        return new EventMix(shape.addShare(), shape.cancelShare(), shape.tradeShare());
    }

    /**
     * @return {@link #ADD}, {@link #CANCEL} or {@link #TRADE}.
     */
    int next()
    {
        int best = ADD;
        for (int kind = 0; kind < shares.length; kind++)
        {
            credit[kind] += shares[kind];
            if (credit[kind] > credit[best])
            {
                best = kind;
            }
        }
        credit[best] -= total;
        return best;
    }
}
