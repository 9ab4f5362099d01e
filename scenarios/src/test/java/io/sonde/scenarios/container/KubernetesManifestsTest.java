package io.sonde.scenarios.container;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.sonde.scenarios.SondeCommand;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * No Kubernetes cluster is available here, so the manifests are checked as documents: valid YAML, the Job
 * shape that gives every generator an index and a common start, and container arguments that the sonde
 * CLI itself accepts.
 */
class KubernetesManifestsTest
{
    private static final Path K8S = Path.of("..", "docker", "k8s");
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    @Test
    void theLoadGeneratorsAreAnIndexedJobWhoseArgumentsTheCliAccepts() throws Exception
    {
        final JsonNode job = YAML.readTree(K8S.resolve("loadgen-job.yaml").toFile());

        assertEquals("Job", job.get("kind").asText());
        final JsonNode spec = job.get("spec");
        assertEquals("Indexed", spec.get("completionMode").asText());
        assertEquals(spec.get("completions").asInt(), spec.get("parallelism").asInt(), "all generators at once");
        assertTrue(spec.get("completions").asInt() >= 2);

        final JsonNode container = spec.get("template").get("spec").get("containers").get(0);
        final List<String> args = new ArrayList<>();
        container.get("args").forEach(arg -> args.add(arg.asText()
            .replace("$(TARGET)", "127.0.0.1:9880")
            .replace("$(JOB_COMPLETION_INDEX)", "3")
            .replace("$(START_AT)", "2026-11-22T14:00:00Z")));
        assertTrue(args.contains("--start-at"), "a common start time: " + args);
        assertTrue(args.contains("/results/gen-3"), "one results folder per generator: " + args);
        new CommandLine(new SondeCommand()).parseArgs(args.toArray(String[]::new));

        assertEquals("/results", container.get("volumeMounts").get(0).get("mountPath").asText());
        assertEquals("Memory", spec.get("template").get("spec").get("volumes").get(1).get("emptyDir")
            .get("medium").asText(), "Aeron's /dev/shm in memory, not the container default");
    }

    @Test
    void theReportJobMergesEveryGeneratorsFolderFromTheSameVolume() throws Exception
    {
        final JsonNode loadgen = YAML.readTree(K8S.resolve("loadgen-job.yaml").toFile());
        final JsonNode report = YAML.readTree(K8S.resolve("report-job.yaml").toFile());

        final String script = report.get("spec").get("template").get("spec").get("containers").get(0).get("args")
            .get(0).asText();
        assertTrue(script.contains("report /results/gen-* --out /results/report.html"), script);
        assertEquals(claim(loadgen), claim(report));
    }

    private static String claim(final JsonNode job)
    {
        return job.get("spec").get("template").get("spec").get("volumes").get(0).get("persistentVolumeClaim")
            .get("claimName").asText();
    }
}
