package io.sonde.testcontainers;

import org.testcontainers.utility.DockerImageName;

/**
 * What every Sonde container shares: the {@code sonde} image, built locally from {@code docker/Dockerfile} (no
 * registry holds it), whose entry point is the {@code sonde} command line, working folder {@code /data}, user 1000.
 * <p>
 * The image is tagged {@code sonde:local} by the build in {@code docker/README.md}. Testcontainers pulls an image it
 * does not find locally; a local tag that is missing then fails with a pull error. To make that fail fast instead,
 * and never reach a registry, give each container {@code .withImagePullPolicy(image -> false)}.
 */
public final class SondeImage
{
    /** The image unless a container is given another: {@code sonde:local}. */
    public static final DockerImageName DEFAULT = DockerImageName.parse("sonde:local");
    /**
     * Shared memory per container: Aeron keeps its buffers in {@code /dev/shm}, which Docker caps at 64 MB unless
     * told otherwise; Sonde's own container tests and {@code compose.yml} use 1 GB.
     */
    public static final long SHARED_MEMORY_BYTES = 1L << 30;
    /** The folder the image makes for results, writable by its user. */
    public static final String RESULTS_FOLDER = "/results";
    /** The image's working folder, writable by its user. */
    public static final String DATA_FOLDER = "/data";

    private SondeImage()
    {
    }
}
