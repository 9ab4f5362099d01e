package io.sonde.api;

import java.util.Locale;

/**
 * The order book {@code --flow book} keeps at the venue for each symbol, in the ratios users know. Each scheduled
 * request is one action: a passive order resting at one of the levels 1..depth from the symbol's reference price,
 * an aggressive order crossing it (some sweeping more than one level), or a cancel or replace of one of Sonde's own
 * resting orders. The reference walks in ticks.
 * <p>
 * The shares are of new orders, as venues quote them: {@code --cancel-share 0.8} means 80 % of the orders placed
 * are cancelled. The order-to-trade ratio counts every order message (new, cancel, replace) per trade, a trade
 * being an aggressive order that executes; so for every new order {@code 1 + cancel + replace} messages go out,
 * and {@code (1 + cancel + replace) / order-to-trade} of the new orders are aggressive.
 *
 * @param depth        price levels per side orders rest at.
 * @param orderToTrade order messages per trade.
 * @param cancelShare  share of new orders cancelled.
 * @param replaceShare replaces per new order.
 * @param sweepLevels  most passive orders' worth an aggressive order is for: the levels it sweeps.
 * @param walkTicks    ticks the reference moves at each step of its walk (0: it stays).
 * @param walkEvery    actions on a symbol between steps of its reference's walk.
 * @param quantity     lots per order.
 * @param buyShare     share of orders that buy.
 * @param zipf         Zipf exponent weighing the symbols (0: equally).
 * @param maxResting   most orders resting at once.
 * @param pick         which resting order a cancel or replace takes.
 * @param shape        how passive orders spread over the levels.
 */
public record BookSpec(
    int depth,
    double orderToTrade,
    double cancelShare,
    double replaceShare,
    int sweepLevels,
    int walkTicks,
    int walkEvery,
    BookQuantity quantity,
    double buyShare,
    double zipf,
    int maxResting,
    Pick pick,
    Shape shape)
{
    /**
     * Which resting order a cancel or replace takes.
     */
    public enum Pick
    {
        OLDEST("oldest"), RANDOM("random");

        private final String label;

        Pick(final String label)
        {
            this.label = label;
        }

        public static Pick parse(final String label)
        {
            return Choices.parse(Pick.class, label, "a choice of resting order");
        }

        public String toString()
        {
            return label;
        }
    }

    /**
     * How passive orders spread over the levels: equally, or fewer the farther from the reference.
     */
    public enum Shape
    {
        FLAT("flat"), LINEAR("linear");

        private final String label;

        Shape(final String label)
        {
            this.label = label;
        }

        public static Shape parse(final String label)
        {
            return Choices.parse(Shape.class, label, "a book shape");
        }

        public String toString()
        {
            return label;
        }
    }

    public static final Option<Integer> DEPTH = Option.count("book-depth", "LEVELS", 1,
        "With --flow book: price levels per side passive orders rest at, 1..LEVELS ticks from the reference.")
        .byDefault(10);
    public static final Option<Double> ORDER_TO_TRADE = Option.number("order-to-trade", "RATIO",
        "With --flow book: order messages (new, cancel, replace) per trade, at least 1.").byDefault(25.0)
        .checked(ratio -> atLeast("--order-to-trade", ratio, 1));
    public static final Option<Double> CANCEL_SHARE = Option.number("cancel-share", "SHARE",
        "With --flow book: share of new orders that are cancelled, 0..1.").byDefault(0.8)
        .checked(share -> share("--cancel-share", share));
    public static final Option<Double> REPLACE_SHARE = Option.number("replace-share", "SHARE",
        "With --flow book: replaces (moving a resting order to another level) per new order.").byDefault(0.0)
        .checked(share -> atLeast("--replace-share", share, 0));
    public static final Option<Integer> SWEEP_LEVELS = Option.count("sweep-levels", "LEVELS", 1,
        "With --flow book: an aggressive order (an IOC priced through the whole depth) is for as much as " +
            "1..LEVELS passive orders hold, so it sweeps up to LEVELS levels.").byDefault(3);
    public static final Option<Integer> WALK_TICKS = Option.count("walk-ticks", "TICKS", 0,
        "With --flow book: ticks the reference price moves, up or down, at each step of its walk.").byDefault(1);
    public static final Option<Integer> WALK_EVERY = Option.count("walk-every", "ACTIONS", 1,
        "With --flow book: actions on a symbol between steps of its reference price's walk.").byDefault(50);
    public static final Option<BookQuantity> QUANTITY = Option.of("book-quantity", "DIST", BookQuantity::parse,
        "With --flow book: lots per order, fixed:N, uniform:MIN-MAX or lognormal:MEDIAN,SHAPE.")
        .byDefault(BookQuantity.DEFAULT);
    public static final Option<Double> BUY_SHARE = Option.number("buy-share", "SHARE",
        "With --flow book: share of orders that buy, 0..1 (0.5 balanced).").byDefault(0.5)
        .checked(share -> share("--buy-share", share));
    public static final Option<Double> ZIPF = Option.number("zipf", "EXPONENT",
        "With --flow book: weigh the symbols by Zipf's law with this exponent, the first the busiest; 0 equally.")
        .byDefault(0.0).checked(exponent -> atLeast("--zipf", exponent, 0));
    public static final Option<Integer> MAX_RESTING = Option.count("max-resting", "ORDERS", 1,
        "With --flow book: most orders resting at once, at least 2 x --book-depth per symbol; Sonde's table of " +
            "resting orders is this big.").byDefault(65_536);
    public static final Option<Pick> PICK = Option.of("cancel-pick", "PICK", Pick::parse,
        "With --flow book: which resting order a cancel or replace takes: oldest or random.").byDefault(Pick.OLDEST);
    public static final Option<Shape> SHAPE = Option.of("book-shape", "SHAPE", Shape::parse,
        "With --flow book: passive orders spread over the levels flat (equally) or linear (fewer farther out).")
        .byDefault(Shape.FLAT);

    /**
     * @throws InvalidOptionException when the shares do not add up, or the cap cannot hold one symbol's book.
     */
    public BookSpec
    {
        if (aggressiveShare(orderToTrade, cancelShare, replaceShare) + cancelShare > 1)
        {
            throw new InvalidOptionException(String.format(Locale.ROOT, "--cancel-share %s, " +
                "--replace-share %s and --order-to-trade %s do not add up: %.1f %% of new orders must trade for " +
                "the ratio and %.1f %% be cancelled, more than all of them; raise --order-to-trade or lower the shares",
                cancelShare, replaceShare, orderToTrade, 100 * aggressiveShare(orderToTrade, cancelShare, replaceShare),
                100 * cancelShare));
        }
        if (maxResting < restingTarget(1, depth))
        {
            throw new InvalidOptionException("--max-resting " + maxResting + " is smaller than the book: " +
                "--book-depth " + depth + " needs " + restingTarget(1, depth) + " resting orders per symbol");
        }
    }

    /**
     * @return the book every option's default gives.
     */
    public static BookSpec defaults()
    {
        return new BookSpec(DEPTH.defaultValue().orElseThrow(), ORDER_TO_TRADE.defaultValue().orElseThrow(),
            CANCEL_SHARE.defaultValue().orElseThrow(), REPLACE_SHARE.defaultValue().orElseThrow(),
            SWEEP_LEVELS.defaultValue().orElseThrow(), WALK_TICKS.defaultValue().orElseThrow(),
            WALK_EVERY.defaultValue().orElseThrow(), QUANTITY.defaultValue().orElseThrow(),
            BUY_SHARE.defaultValue().orElseThrow(), ZIPF.defaultValue().orElseThrow(),
            MAX_RESTING.defaultValue().orElseThrow(), PICK.defaultValue().orElseThrow(),
            SHAPE.defaultValue().orElseThrow());
    }

    static BookSpec of(final OptionValues values)
    {
        return new BookSpec(values.get(DEPTH), values.get(ORDER_TO_TRADE), values.get(CANCEL_SHARE),
            values.get(REPLACE_SHARE), values.get(SWEEP_LEVELS), values.get(WALK_TICKS), values.get(WALK_EVERY),
            values.get(QUANTITY), values.get(BUY_SHARE), values.get(ZIPF), values.get(MAX_RESTING), values.get(PICK),
            values.get(SHAPE));
    }

    /**
     * @return the share of new orders that are aggressive, for the order-to-trade ratio.
     */
    public double aggressiveShare()
    {
        return aggressiveShare(orderToTrade, cancelShare, replaceShare);
    }

    /**
     * @return the resting orders a book of this depth over {@code symbols} holds: one per level and side.
     */
    public int restingTarget(final int symbols)
    {
        return restingTarget(symbols, depth);
    }

    /**
     * @throws InvalidOptionException naming {@code --max-resting} when the cap cannot hold the book of
     *                                {@code symbols}.
     */
    public void checkFits(final int symbols)
    {
        if (maxResting < restingTarget(symbols))
        {
            throw new InvalidOptionException("--max-resting " + maxResting + " is smaller than the book: " +
                "--book-depth " + depth + " over " + symbols + " symbol(s) needs " + restingTarget(symbols) +
                " resting orders");
        }
    }

    private static int restingTarget(final int symbols, final int depth)
    {
        return 2 * depth * symbols;
    }

    private static double aggressiveShare(final double orderToTrade, final double cancel, final double replace)
    {
        return (1 + cancel + replace) / orderToTrade;
    }

    private static void atLeast(final String option, final double value, final double least)
    {
        if (!(value >= least) || Double.isInfinite(value))
        {
            throw new InvalidOptionException(option + " must be at least " + Rates.format(least) + ": " + value);
        }
    }

    private static void share(final String option, final double value)
    {
        if (!(value >= 0 && value <= 1))
        {
            throw new InvalidOptionException(option + " must be a share between 0 and 1: " + value);
        }
    }
}
