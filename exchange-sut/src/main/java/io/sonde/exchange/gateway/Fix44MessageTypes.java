package io.sonde.exchange.gateway;

import io.sonde.fix.codecs.decoder.HeartbeatDecoder;
import io.sonde.fix.codecs.decoder.LogonDecoder;
import io.sonde.fix.codecs.decoder.LogoutDecoder;
import io.sonde.fix.codecs.decoder.RejectDecoder;
import io.sonde.fix.codecs.decoder.ResendRequestDecoder;
import io.sonde.fix.codecs.decoder.SequenceResetDecoder;
import io.sonde.fix.codecs.decoder.TestRequestDecoder;
import uk.co.real_logic.artio.dictionary.generation.GenerationUtil;

import java.util.Arrays;

/**
 * Every MsgType (35) that FIX 4.4 defines, as Artio packs them into a long. Artio's session layer only
 * checks that a MsgType is letters and digits and hands the rest to the application, which must tell a type
 * FIX does not define (a session Reject, SessionRejectReason 11) from one it defines but this exchange does
 * not serve (a BusinessMessageReject, BusinessRejectReason 3).
 */
final class Fix44MessageTypes
{
    private static final long[] DEFINED = packedAndSorted(
        "0", "1", "2", "3", "4", "5", "6", "7", "8", "9",
        "A", "B", "C", "D", "E", "F", "G", "H", "J", "K", "L", "M", "N", "P", "Q", "R", "S", "T", "V", "W", "X",
        "Y", "Z",
        "a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m", "n", "o", "p", "q", "r", "s", "t", "u",
        "v", "w", "x", "y", "z",
        "AA", "AB", "AC", "AD", "AE", "AF", "AG", "AH", "AI", "AJ", "AK", "AL", "AM", "AN", "AO", "AP", "AQ", "AR",
        "AS", "AT", "AU", "AV", "AW", "AX", "AY", "AZ",
        "BA", "BB", "BC", "BD", "BE", "BF", "BG", "BH");

    private Fix44MessageTypes()
    {
    }

    /**
     * @param messageType a MsgType packed as Artio's library hands it to a session handler.
     */
    static boolean isDefined(final long messageType)
    {
        return Arrays.binarySearch(DEFINED, messageType) >= 0;
    }

    /**
     * Artio's session layer answers these itself; the gateway only sees them pass.
     */
    static boolean isSessionLevel(final long messageType)
    {
        return messageType == HeartbeatDecoder.MESSAGE_TYPE || messageType == TestRequestDecoder.MESSAGE_TYPE ||
            messageType == ResendRequestDecoder.MESSAGE_TYPE || messageType == RejectDecoder.MESSAGE_TYPE ||
            messageType == SequenceResetDecoder.MESSAGE_TYPE || messageType == LogoutDecoder.MESSAGE_TYPE ||
            messageType == LogonDecoder.MESSAGE_TYPE;
    }

    private static long[] packedAndSorted(final String... types)
    {
        final long[] packed = new long[types.length];
        for (int i = 0; i < types.length; i++)
        {
            packed[i] = GenerationUtil.packMessageType(types[i]);
        }
        Arrays.sort(packed);
        return packed;
    }
}
