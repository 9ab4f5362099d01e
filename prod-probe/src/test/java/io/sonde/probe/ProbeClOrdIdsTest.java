package io.sonde.probe;

import io.sonde.fix.client.profile.VenueProfile;
import io.sonde.fix.client.profile.VenueProfileReader;
import io.sonde.probe.config.ProbeConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * The probe's ClOrdIDs carry its prefix in front of the venue's layout, so the prefix counts against the venue's
 * maximum length.
 */
class ProbeClOrdIdsTest
{
    @TempDir
    Path folder;

    @Test
    void aProbePrefixThatMakesIdsTooLongForTheVenueIsRefusedNamingBothLengths() throws Exception
    {
        final ProbeConfig config = config("clordid.prefix=PRB");
        final VenueProfile venue = new VenueProfileReader().read("test", "name: short-ids\nclOrdId: {maxLength: 20}\n");

        final IllegalArgumentException refused =
            assertThrows(IllegalArgumentException.class, () -> Probe.clOrdIds(config, venue));

        assertEquals("the venue 'short-ids' accepts ClOrdIDs of at most 20 characters, but these would be 23: " +
            "the prefix 'PRB' (3) and 20 digits", refused.getMessage());
    }

    @Test
    void aProbePrefixWithinTheVenuesMaximumIsAccepted() throws Exception
    {
        final ProbeConfig config = config("clordid.prefix=P");
        final VenueProfile venue = new VenueProfileReader().read("test", "name: short-ids\nclOrdId: {maxLength: 21}\n");

        assertEquals(21, Probe.clOrdIds(config, venue).length());
    }

    private ProbeConfig config(final String prefix) throws Exception
    {
        return ProbeConfig.read(Files.writeString(folder.resolve("probe.properties"), String.join("\n",
            "target.host=127.0.0.1", "target.port=9880", "sender.comp.id=PROBE1", "target.comp.id=EXCH",
            "symbol=SONDE.T", "account=TEST", "side=1", "price=80.00", "reference.price=100.00", "rate=1",
            "cap.orders.per.second=5", "cap.open.orders=10", "cap.orders.per.day=100000", prefix)));
    }
}
