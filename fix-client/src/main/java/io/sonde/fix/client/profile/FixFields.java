package io.sonde.fix.client.profile;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The FIX fields a venue profile may name: by name or tag, with their data types. Tags from 5000 to 49999 are
 * user-defined (the venue's own, such as a cancel-on-disconnect tag), so any of them may be used by number.
 */
public final class FixFields
{
    public static final int FIRST_CUSTOM_TAG = 5000;
    public static final int LAST_CUSTOM_TAG = 49_999;

    /**
     * One field: its tag, name and type.
     */
    public record Field(int tag, String name, FieldType type)
    {
    }

    private static final FixFields STANDARD = load();

    private final Map<Integer, Field> byTag = new HashMap<>();
    private final Map<String, Field> byName = new HashMap<>();

    private FixFields()
    {
    }

    public static FixFields standard()
    {
        return STANDARD;
    }

    /**
     * @return the field with that tag, or null when the list does not hold it.
     */
    public Field byTag(final int tag)
    {
        return byTag.get(tag);
    }

    /**
     * @return the field with that name (case-insensitive), or null.
     */
    public Field byName(final String name)
    {
        return byName.get(name.toLowerCase(Locale.ROOT));
    }

    public static boolean isCustom(final int tag)
    {
        return tag >= FIRST_CUSTOM_TAG && tag <= LAST_CUSTOM_TAG;
    }

    private static FixFields load()
    {
        final FixFields fields = new FixFields();
        try (InputStream in = FixFields.class.getResourceAsStream("fix-fields.tsv"))
        {
            if (in == null)
            {
                throw new IllegalStateException("fix-fields.tsv is missing from the class path");
            }
            final BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.US_ASCII));
            String line;
            while ((line = reader.readLine()) != null)
            {
                if (!line.isBlank() && !line.startsWith("#"))
                {
                    final String[] columns = line.split("\t");
                    final Field field =
                        new Field(Integer.parseInt(columns[0]), columns[1], FieldType.valueOf(columns[2]));
                    fields.byTag.put(field.tag(), field);
                    fields.byName.put(field.name().toLowerCase(Locale.ROOT), field);
                }
            }
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException(ex);
        }
        return fields;
    }
}
