package io.sonde.fix.client.session;

/**
 * Where a Logon carries the password: most venues read Password (554); older FIX 4.2 venues, and some that
 * encrypt or sign it, read RawData (96) with its RawDataLength (95) instead.
 */
public enum PasswordField
{
    /** Password (554). */
    PASSWORD("Password"),
    /** RawData (96), with RawDataLength (95). */
    RAW_DATA("RawData");

    private final String fieldName;

    PasswordField(final String fieldName)
    {
        this.fieldName = fieldName;
    }

    /**
     * @return the field's FIX name, as a venue profile spells it.
     */
    public String fieldName()
    {
        return fieldName;
    }

    /**
     * @return the field of that FIX name, or null for none.
     */
    public static PasswordField named(final String fieldName)
    {
        for (final PasswordField field : values())
        {
            if (field.fieldName.equals(fieldName))
            {
                return field;
            }
        }
        return null;
    }
}
