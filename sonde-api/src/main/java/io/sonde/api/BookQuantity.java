package io.sonde.api;

import java.math.BigDecimal;
import java.util.Locale;

/**
 * {@code --book-quantity}: how many lots each order of the book flow is for, drawn from one of three distributions.
 * {@code fixed:N} always N; {@code uniform:MIN-MAX} each whole number between equally likely; {@code lognormal:M,S}
 * a long right tail around a median of M lots with shape S (the standard deviation of the quantity's logarithm),
 * the way real order sizes spread: most small, a few large.
 *
 * @param kind   fixed, uniform or lognormal.
 * @param first  the fixed quantity, the uniform minimum, or the lognormal median, in lots.
 * @param second the uniform maximum or the lognormal shape; 0 for fixed.
 */
public record BookQuantity(Kind kind, double first, double second)
{
    /** The quantity unless given: uniform between 1 and 10 lots. */
    public static final BookQuantity DEFAULT = new BookQuantity(Kind.UNIFORM, 1, 10);

    private static final String FORMS = " (fixed:N, uniform:MIN-MAX or lognormal:MEDIAN,SHAPE, in lots)";

    /**
     * How quantities spread.
     */
    public enum Kind
    {
        FIXED, UNIFORM, LOGNORMAL
    }

    /**
     * @throws InvalidOptionException when a quantity is below one lot, a uniform maximum below its minimum, or a
     *                                lognormal shape negative.
     */
    public BookQuantity
    {
        if (!(first >= 1) || kind == Kind.UNIFORM && !(second >= first) || kind == Kind.LOGNORMAL && !(second >= 0))
        {
            throw new InvalidOptionException("--book-quantity " + text(kind, first, second) + ": quantities are at " +
                "least 1 lot, a uniform maximum at least its minimum and a lognormal shape not negative");
        }
    }

    /**
     * @param text {@code fixed:N}, {@code uniform:MIN-MAX} or {@code lognormal:MEDIAN,SHAPE}.
     * @throws InvalidOptionException naming the forms it takes.
     */
    public static BookQuantity parse(final String text)
    {
        final String[] kindAndValues = text.trim().toLowerCase(Locale.ROOT).split(":");
        try
        {
            if (kindAndValues.length == 2)
            {
                final String values = kindAndValues[1];
                switch (kindAndValues[0])
                {
                    case "fixed":
                        return new BookQuantity(Kind.FIXED, Long.parseLong(values.trim()), 0);
                    case "uniform":
                        final String[] range = values.split("-");
                        return new BookQuantity(Kind.UNIFORM, Long.parseLong(range[0].trim()),
                            Long.parseLong(range[range.length - 1].trim()));
                    case "lognormal":
                        final String[] medianAndShape = values.split(",");
                        if (medianAndShape.length == 2)
                        {
                            return new BookQuantity(Kind.LOGNORMAL, Double.parseDouble(medianAndShape[0].trim()),
                                Double.parseDouble(medianAndShape[1].trim()));
                        }
                        break;
                    default:
                        break;
                }
            }
        }
        catch (final NumberFormatException ex)
        {
            throw new InvalidOptionException("--book-quantity: '" + text + "' is not a quantity" + FORMS, ex);
        }
        throw new InvalidOptionException("--book-quantity: '" + text + "' is not a quantity" + FORMS);
    }

    /**
     * @return the quantity as {@code --book-quantity} takes it.
     */
    public String toString()
    {
        return text(kind, first, second);
    }

    private static String number(final double value)
    {
        return new BigDecimal(Double.toString(value)).stripTrailingZeros().toPlainString();
    }

    private static String text(final Kind kind, final double first, final double second)
    {
        return switch (kind)
        {
            case FIXED -> "fixed:" + number(first);
            case UNIFORM -> "uniform:" + number(first) + "-" + number(second);
            case LOGNORMAL -> "lognormal:" + number(first) + "," + number(second);
        };
    }
}
