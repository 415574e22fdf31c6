package io.mediagate.testing;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.library.dependencies.SlicesRuleDefinition;

/**
 * A service's packages must depend on each other in one direction only: the feature packages directly under the
 * service's root ({@code io.mediagate.routing.jobs}, {@code …generation}, …) form no cycle, so each can be read, moved
 * or tested with what it depends on and nothing that depends on it.
 */
public final class PackageCycles {
    private PackageCycles() {
    }

    /** Fails, naming every cycle and the classes that make it, when the packages under {@code root} have one. */
    public static void assertNone(String root) {
        JavaClasses classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS).importPackages(root);
        SlicesRuleDefinition.slices().matching(root + ".(*)..").should().beFreeOfCycles().check(classes);
    }
}
