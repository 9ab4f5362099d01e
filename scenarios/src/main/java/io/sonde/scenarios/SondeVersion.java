package io.sonde.scenarios;

import picocli.CommandLine.IVersionProvider;

/**
 * Reports the version stamped into the jar's manifest at build time.
 */
public final class SondeVersion implements IVersionProvider
{
    public String[] getVersion()
    {
        final String version = SondeVersion.class.getPackage().getImplementationVersion();
        return new String[]{"sonde " + (version != null ? version : "development build"),
            "Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vm.name") + ")"};
    }
}
