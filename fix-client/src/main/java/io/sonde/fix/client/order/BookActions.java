package io.sonde.fix.client.order;

import io.sonde.api.BookQuantity;
import io.sonde.api.BookSpec;
import io.sonde.fix.codecs.Side;

import java.util.SplittableRandom;

/**
 * Draws each request of the book flow: a passive order resting 1..depth ticks from its symbol's reference price,
 * an aggressive order, or a cancel or replace of one of Sonde's own resting orders ({@link RestingBook}). An
 * aggressive order is an IOC priced through the whole depth on the other side, for as much as 1..sweep-levels
 * passive orders hold: it takes the best levels until filled, so it trades whenever anything rests across, and
 * sweeps more than one level when its quantity needs them.
 * <p>
 * Until the book holds its target (one order per level, side and symbol) every action is a passive order, filling
 * the levels in turn; then the kinds take turns in the shares of {@link BookSpec}. A cancel or replace when nothing
 * rests places a passive order instead; a passive order when {@code --max-resting} orders rest cancels one instead.
 * A passive order goes to an empty level of its side before doubling up on one, a cancel or replace takes an order
 * of a level held twice before emptying one, and an aggressive order on a symbol holding fewer orders than its
 * levels sweeps one level only, so the book keeps the depth asked for: with the shares of the ratios the actions
 * would otherwise take orders off a little faster than they add them, and the book would thin as the run goes on.
 * Symbols, sides, levels and quantities are drawn from the run's seed, and each symbol's reference walks by the
 * given ticks every so many of its actions. The same seed, with the same answers from the venue, draws the same
 * actions.
 * <p>
 * Allocation-free: the weights are laid out as cumulative sums once, and the orders live in preallocated tables.
 */
final class BookActions
{
    static final byte PASSIVE = 0;
    static final byte AGGRESSIVE = 1;
    static final byte CANCEL = 2;
    static final byte REPLACE = 3;

    /** The most the aggressive share is raised to make up for aggressive orders that did not trade. */
    static final double MOST_BOOST = 3;
    /**
     * Resting orders a cancel or replace looks at for one it can take without emptying a level, and levels a passive
     * order looks at for an empty one.
     */
    static final int SPARE_SEARCH = 64;

    private static final char BUY = Side.BUY.representation();
    private static final char SELL = Side.SELL.representation();

    private final BookSpec spec;
    private final Instrument[] instruments;
    private final char[][] symbols;
    private final SplittableRandom random;
    private final double[] symbolWeights;
    private final double[] levelWeights;
    private final long[] referenceTicks;
    private final long[] walkLimitTicks;
    private final int[] actionsSinceStep;
    private final double passiveShare;
    private final double aggressiveShare;
    private final double cancelShare;
    private final double replaceShare;
    private final double[] credits = new double[4];
    private final int target;
    private final RestingBook resting;
    /** The action and symbol of the request in each OrderTable slot. */
    private final byte[] slotAction;
    private final int[] slotSymbol;
    private long built;
    private long aggressiveEnded;
    private long aggressiveTraded;

    /**
     * @param inFlight the OrderTable's capacity: passive orders may be that many on their way to rest beyond the
     *                 cap.
     */
    BookActions(final BookSpec spec, final OrderParameters parameters, final int clOrdIdWidth, final int inFlight)
    {
        this.spec = spec;
        this.instruments = parameters.instruments().toArray(new Instrument[0]);
        this.symbols = new char[instruments.length][];
        for (int i = 0; i < symbols.length; i++)
        {
            symbols[i] = instruments[i].symbol().toCharArray();
        }
        this.random = new SplittableRandom(parameters.seed());
        this.symbolWeights = new double[instruments.length];
        for (int i = 0; i < symbolWeights.length; i++)
        {
            symbolWeights[i] = Math.pow(i + 1, -spec.zipf());
        }
        cumulate(symbolWeights);
        this.levelWeights = new double[spec.depth()];
        for (int i = 0; i < levelWeights.length; i++)
        {
            levelWeights[i] = spec.shape() == BookSpec.Shape.FLAT ? 1 : levelWeights.length - i;
        }
        cumulate(levelWeights);
        this.referenceTicks = new long[instruments.length];
        this.walkLimitTicks = new long[instruments.length];
        for (int i = 0; i < instruments.length; i++)
        {
            walkLimitTicks[i] = Math.max(0, instruments[i].referencePriceCents() / instruments[i].tickCents() / 2 -
                spec.depth() - spec.sweepLevels() - 1);
        }
        this.actionsSinceStep = new int[instruments.length];
        final double messagesPerNew = 1 + spec.cancelShare() + spec.replaceShare();
        this.aggressiveShare = spec.aggressiveShare() / messagesPerNew;
        this.passiveShare = (1 - spec.aggressiveShare()) / messagesPerNew;
        this.cancelShare = spec.cancelShare() / messagesPerNew;
        this.replaceShare = spec.replaceShare() / messagesPerNew;
        this.target = spec.restingTarget(instruments.length);
        this.resting = new RestingBook(spec.maxResting() + inFlight, clOrdIdWidth, instruments.length);
        this.slotAction = new byte[inFlight];
        this.slotSymbol = new int[inFlight];
    }

    RestingBook resting()
    {
        return resting;
    }

    int target()
    {
        return target;
    }

    /**
     * @return whether every order that builds the book has been placed.
     */
    boolean built()
    {
        return built >= target;
    }

    char[] symbol(final int symbolIndex)
    {
        return symbols[symbolIndex];
    }

    int symbols()
    {
        return symbols.length;
    }

    byte action(final int slot)
    {
        return slotAction[slot];
    }

    int symbolOf(final int slot)
    {
        return slotSymbol[slot];
    }

    /**
     * Claim the slot of request {@code requestId} and fill it with the next action drawn: a new order ready to
     * send, or a cancel or replace queued ({@link OrderTable#CANCEL_QUEUED}, {@link OrderTable#REPLACE_QUEUED})
     * intended at {@code intendedNanos}.
     *
     * @return the slot.
     */
    int draw(final OrderTable orders, final long requestId, final long intendedNanos)
    {
        final int slot = orders.reuse(requestId);
        orders.flow[slot] = (byte)OrderFlow.BOOK.ordinal();
        orders.ioc[slot] = false;
        orders.newIntendedNanos[slot] = intendedNanos;
        if (built < target)
        {
            build(orders, slot);
            built++;
            return slot;
        }
        final byte action = nextAction();
        if (action == PASSIVE)
        {
            passive(orders, slot, nextSymbol(), nextSide(), nextLevel());
        }
        else if (action == AGGRESSIVE)
        {
            aggressive(orders, slot);
        }
        else
        {
            followUp(orders, slot, action, intendedNanos);
        }
        return slot;
    }

    /**
     * An aggressive order ended, {@code traded} or not (it met nothing and expired).
     */
    void onAggressiveEnded(final boolean traded)
    {
        aggressiveEnded++;
        aggressiveTraded += traded ? 1 : 0;
    }

    /**
     * The next action in the shares, turned into what the book allows: a follow-up needs an order resting, and a
     * passive order room under the cap. The kinds take turns in their shares exactly (each action goes to the kind
     * furthest behind its share, a smooth weighted round robin), so even a short run keeps the ratios; what each action
     * is for (symbol, side, level, quantity) is drawn at random. Aggressive orders that meet nothing (the levels they
     * cross emptied, or the reference walked away) are made up for by sending more, in place of passive ones, up to
     * {@link #MOST_BOOST} times the share, so the order-to-trade ratio holds where the venue lets it.
     */
    private byte nextAction()
    {
        final double extra = aggressiveShare * (Math.min(MOST_BOOST, (aggressiveEnded + 1.0) /
            (aggressiveTraded + 1.0)) - 1);
        credits[PASSIVE] += Math.max(0, passiveShare - extra);
        credits[AGGRESSIVE] += aggressiveShare + extra;
        credits[CANCEL] += cancelShare;
        credits[REPLACE] += replaceShare;
        byte action = PASSIVE;
        for (byte kind = AGGRESSIVE; kind <= REPLACE; kind++)
        {
            if (credits[kind] > credits[action])
            {
                action = kind;
            }
        }
        credits[action] -= 1;
        if (action == PASSIVE && resting.size() >= spec.maxResting())
        {
            action = CANCEL;
        }
        if ((action == CANCEL || action == REPLACE) && resting.size() == 0)
        {
            action = PASSIVE;
        }
        return action;
    }

    /**
     * The book is built level by level: each symbol's first level on both sides, then the second, and so on.
     */
    private void build(final OrderTable orders, final int slot)
    {
        final int symbolIndex = (int)(built % symbols.length);
        final long round = built / symbols.length;
        passive(orders, slot, symbolIndex, round % 2 == 0 ? BUY : SELL, 1 + (int)(round / 2 % spec.depth()));
    }

    private void passive(final OrderTable orders, final int slot, final int symbolIndex, final char side,
        final int level)
    {
        walk(symbolIndex);
        final int filled = levelToFill(symbolIndex, side, level);
        newOrder(orders, slot, PASSIVE, symbolIndex, side, side == BUY ? -filled : filled, nextQuantity());
    }

    /**
     * The level drawn, unless one of Sonde's orders rests there already while one of the {@link #SPARE_SEARCH}
     * levels nearest the reference has none: then the nearest such empty level. Orders drawn at random would double
     * up on some levels and leave others empty (ten orders over ten levels cover six or seven of them), so the
     * venue's feed would show a shallower book than the depth asked for; the shape decides where the orders beyond
     * one a level go. The look is bounded because it runs on the load thread before each passive order: over a deep
     * book (5,000 levels a side, nearly all held) a look at every level cost 28 µs of each order's send hop, while
     * the levels far out fill as they are drawn.
     */
    private int levelToFill(final int symbolIndex, final char side, final int drawn)
    {
        if (resting.restingAt(symbolIndex, side, price(symbolIndex, side == BUY ? -drawn : drawn)) == 0)
        {
            return drawn;
        }
        final int nearest = Math.min(spec.depth(), SPARE_SEARCH);
        for (int level = 1; level <= nearest; level++)
        {
            if (resting.restingAt(symbolIndex, side, price(symbolIndex, side == BUY ? -level : level)) == 0)
            {
                return level;
            }
        }
        return drawn;
    }

    private void aggressive(final OrderTable orders, final int slot)
    {
        final int symbolIndex = nextSymbol();
        walk(symbolIndex);
        final char side = nextSide();
        final int sweep = random.nextInt(spec.sweepLevels());
        final int levels = resting.restingFor(symbolIndex) < 2 * spec.depth() ? 1 : 1 + sweep;
        newOrder(orders, slot, AGGRESSIVE, symbolIndex, side, side == BUY ? spec.depth() : -spec.depth(),
            nextQuantity() * levels);
        orders.ioc[slot] = true;
    }

    private void newOrder(final OrderTable orders, final int slot, final byte action, final int symbolIndex,
        final char side, final long ticksFromReference, final long lots)
    {
        final Instrument instrument = instruments[symbolIndex];
        slotAction[slot] = action;
        slotSymbol[slot] = symbolIndex;
        orders.symbol(slot, symbols[symbolIndex], symbols[symbolIndex].length);
        orders.side[slot] = side;
        orders.priceCents[slot] = price(symbolIndex, ticksFromReference);
        orders.quantity[slot] = lots * instrument.lotSize();
    }

    /**
     * Take a resting order out of the book for its cancel or replace; a replace moves it to another level on its
     * side (or, at the same level, only its quantity changes).
     */
    private void followUp(final OrderTable orders, final int slot, final byte action, final long intendedNanos)
    {
        final int index = pickResting();
        final int symbolIndex = resting.symbol[index];
        resting.copyTo(index, orders, slot, symbols[symbolIndex]);
        resting.remove(index);
        slotAction[slot] = action;
        slotSymbol[slot] = symbolIndex;
        if (action == REPLACE)
        {
            walk(symbolIndex);
            final int level = nextLevel();
            orders.priceCents[slot] = price(symbolIndex, orders.side[slot] == BUY ? -level : level);
        }
        orders.state[slot] = action == CANCEL ? OrderTable.CANCEL_QUEUED : OrderTable.REPLACE_QUEUED;
        orders.stageIntendedNanos[slot] = intendedNanos;
    }

    /**
     * The resting order a cancel or replace takes: the oldest (or one drawn at random) of those it can take without
     * emptying a level the feed shows, that is whose level holds another of Sonde's orders or lies beyond the depth,
     * looking at {@link #SPARE_SEARCH} orders at most; failing that, the oldest (or the first drawn). Cancels so thin
     * the levels held twice before they empty one, and the book keeps its depth where the flow keeps its orders.
     */
    private int pickResting()
    {
        if (spec.pick() == BookSpec.Pick.OLDEST)
        {
            int index = resting.oldest();
            for (int i = 0; i < SPARE_SEARCH && index >= 0; i++, index = resting.newer(index))
            {
                if (spare(index))
                {
                    return index;
                }
            }
            return resting.oldest();
        }
        final int first = resting.atRandom(random.nextInt(resting.size()));
        int index = first;
        for (int i = 1; i < SPARE_SEARCH && !spare(index); i++)
        {
            index = resting.atRandom(random.nextInt(resting.size()));
        }
        return spare(index) ? index : first;
    }

    private boolean spare(final int index)
    {
        final int symbolIndex = resting.symbol[index];
        final char side = resting.side[index];
        final long ticks = (resting.priceCents[index] - price(symbolIndex, 0)) / instruments[symbolIndex].tickCents();
        final long level = side == BUY ? -ticks : ticks;
        return level < 1 || level > spec.depth() || resting.restingAt(symbolIndex, side, resting.priceCents[index]) > 1;
    }

    private long price(final int symbolIndex, final long ticksFromReference)
    {
        final Instrument instrument = instruments[symbolIndex];
        return instrument.withinBand(instrument.referencePriceCents() +
            (referenceTicks[symbolIndex] + ticksFromReference) * instrument.tickCents());
    }

    /**
     * Every {@code walkEvery} actions on a symbol its reference steps up or down, within half its price.
     */
    private void walk(final int symbolIndex)
    {
        if (++actionsSinceStep[symbolIndex] < spec.walkEvery() || spec.walkTicks() == 0)
        {
            return;
        }
        actionsSinceStep[symbolIndex] = 0;
        final long step = random.nextBoolean() ? spec.walkTicks() : -spec.walkTicks();
        final long limit = walkLimitTicks[symbolIndex];
        referenceTicks[symbolIndex] = Math.max(-limit, Math.min(limit, referenceTicks[symbolIndex] + step));
    }

    private int nextSymbol()
    {
        return pick(symbolWeights, random.nextDouble());
    }

    private int nextLevel()
    {
        return 1 + pick(levelWeights, random.nextDouble());
    }

    private char nextSide()
    {
        return random.nextDouble() < spec.buyShare() ? BUY : SELL;
    }

    private long nextQuantity()
    {
        final BookQuantity quantity = spec.quantity();
        return switch (quantity.kind())
        {
            case FIXED -> (long)quantity.first();
            case UNIFORM -> random.nextLong((long)quantity.first(), (long)quantity.second() + 1);
            case LOGNORMAL -> Math.max(1, Math.round(quantity.first() * Math.exp(quantity.second() *
                random.nextGaussian())));
        };
    }

    /**
     * Turn weights into cumulative shares, the last 1, for drawing with one uniform number.
     */
    private static void cumulate(final double[] weights)
    {
        double total = 0;
        for (int i = 0; i < weights.length; i++)
        {
            total += weights[i];
            weights[i] = total;
        }
        for (int i = 0; i < weights.length; i++)
        {
            weights[i] /= total;
        }
    }

    private static int pick(final double[] cumulativeShares, final double draw)
    {
        for (int i = 0; i < cumulativeShares.length - 1; i++)
        {
            if (draw < cumulativeShares[i])
            {
                return i;
            }
        }
        return cumulativeShares.length - 1;
    }
}
