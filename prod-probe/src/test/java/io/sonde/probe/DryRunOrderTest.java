package io.sonde.probe;

import io.sonde.probe.config.ProbeConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;

class DryRunOrderTest
{
    @TempDir
    Path folder;

    @Test
    void aDryRunDescribesTheLimitOrderItWouldSendWithItsNumberInPlaceOfTheClOrdId() throws Exception
    {
        final Path file = Files.writeString(folder.resolve("probe.properties"), String.join("\n",
            "target.host=127.0.0.1", "target.port=9880", "sender.comp.id=PROBE1", "target.comp.id=EXCH",
            "symbol=SONDE.T", "account=TEST", "side=1", "price=80.05", "reference.price=100.00", "rate=1",
            "cap.orders.per.second=5", "cap.open.orders=10", "cap.orders.per.day=100000"));
        final ProbeConfig config = ProbeConfig.read(file);

        assertEquals("35=D|49=PROBE1|56=EXCH|11=" + config.clOrdIdPrefix() + "<7>|1=TEST|55=SONDE.T|54=1|38=" +
            config.order().quantity() + "|40=2|44=80.05|59=0", DryRunOrder.describe(config, 7));
    }
}
