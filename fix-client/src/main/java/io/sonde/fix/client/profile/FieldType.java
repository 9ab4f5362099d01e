package io.sonde.fix.client.profile;

import java.time.DateTimeException;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.time.format.ResolverStyle;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The FIX data types a profile's field values are checked against, so a value the venue would reject is named
 * when the profile is read instead of costing a run.
 */
public enum FieldType
{
    STRING("any printable ASCII text", "[\\x20-\\x7E]+"),
    CHAR("one printable character", "[\\x21-\\x7E]"),
    INT("a whole number", "-?\\d+"),
    LENGTH("a whole number of bytes", "\\d+"),
    NUMINGROUP("a count of group entries", "\\d+"),
    DAYOFMONTH("a day of the month, 1 to 31", "([1-9]|[12]\\d|3[01])"),
    FLOAT("a decimal number", "-?\\d+(\\.\\d+)?"),
    QTY("a decimal quantity", "-?\\d+(\\.\\d+)?"),
    PRICE("a decimal price", "-?\\d+(\\.\\d+)?"),
    BOOLEAN("Y or N", "[YN]"),
    CURRENCY("a three-letter ISO 4217 code", "[A-Z]{3}"),
    EXCHANGE("an exchange code (ISO 10383 MIC)", "[\\x21-\\x7E]+"),
    LOCALMKTDATE("a date, yyyyMMdd", "\\d{8}"),
    MONTHYEAR("yyyyMM, yyyyMMdd or yyyyMMwN", "\\d{6}(\\d{2}|w[1-5])?"),
    UTCTIMESTAMP("a UTC timestamp, yyyyMMdd-HH:mm:ss[.SSS]", "\\d{8}-\\d{2}:\\d{2}:\\d{2}(\\.\\d{3})?"),
    MULTIPLECHARVALUE("single characters separated by spaces", "[\\x21-\\x7E]( [\\x21-\\x7E])*"),
    MULTIPLESTRINGVALUE("words separated by spaces", "[\\x21-\\x7E]+( [\\x21-\\x7E]+)*"),
    DATA("printable ASCII data (its length field is written for it)", "[\\x20-\\x7E]+");

    private static final DateTimeFormatter DATE =
        DateTimeFormatter.ofPattern("uuuuMMdd", Locale.ROOT).withResolverStyle(ResolverStyle.STRICT);

    private final String description;
    private final Pattern pattern;

    FieldType(final String description, final String pattern)
    {
        this.description = description;
        this.pattern = Pattern.compile(pattern);
    }

    /**
     * @return what a value of this type must be, for error messages.
     */
    public String description()
    {
        return description;
    }

    /**
     * @return whether {@code value} is a valid value of this type.
     */
    public boolean accepts(final String value)
    {
        if (value == null || !pattern.matcher(value).matches())
        {
            return false;
        }
        return this != LOCALMKTDATE && this != UTCTIMESTAMP || isDate(value.substring(0, 8));
    }

    /**
     * @return whether the type holds whole numbers, so a counter or a numeric range can generate its values.
     */
    public boolean isWholeNumber()
    {
        return this == INT || this == LENGTH || this == STRING || this == FLOAT || this == QTY || this == PRICE;
    }

    /**
     * @return the type named {@code name} (case-insensitive), or null.
     */
    public static FieldType byName(final String name)
    {
        for (final FieldType type : values())
        {
            if (type.name().equalsIgnoreCase(name))
            {
                return type;
            }
        }
        return null;
    }

    private static boolean isDate(final String text)
    {
        try
        {
            LocalDate.parse(text, DATE);
            return true;
        }
        catch (final DateTimeException ex)
        {
            return false;
        }
    }
}
