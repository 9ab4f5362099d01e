package io.sonde.fix.client.profile;

import uk.co.real_logic.artio.util.MutableAsciiBuffer;

/**
 * Where one profile field's value comes from, message by message: a constant, a value per session, a list it
 * cycles through, a seeded random choice or range, or a counter per session. Values are prepared as bytes when
 * the profile is compiled and written straight into the message: nothing is allocated per message.
 */
interface FieldValues
{
    /**
     * Write the value for the next message on session {@code sessionIndex}.
     *
     * @return the number of bytes written.
     */
    int write(MutableAsciiBuffer buffer, int offset, int sessionIndex);
}
